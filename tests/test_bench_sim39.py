"""bench/similarity/sim39b1.py, session 39's blind class (the whole engine, a fifth course's starter: Node with parents
as (node, local_grad) pairs): what its writer makes is what is committed, and its check fails the slips its labelled
bugs make (tests/test_bench_sim36.py builds it, every file checked, and holds its labels to issue 27's recipe)."""

import importlib.util
import json
import sys

import pytest
from bench_modules import load_bench


def _writer(module, monkeypatch):
    """The class's write.py (it imports `copies`, `copier` and `fillers` beside it by name: another class's modules of
    those names are put aside first)."""
    for name in ("copies", "copier", "fillers", "students"):
        monkeypatch.delitem(sys.modules, name, raising=False)
    monkeypatch.syspath_prepend(str(module.CLASS))
    spec = importlib.util.spec_from_file_location(f"{module.CLASS.name}_write", module.CLASS / "write.py")
    write = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(write)
    return write


def test_the_writer_makes_what_is_committed(monkeypatch):
    """write.py makes the starter fillers, the course texts, the hard negatives, the level 1-3 copies, the public copies
    and labels.json as committed (no hand edit after writing; the whole engines and level-4 copies are typed by hand)."""
    sim39b1 = load_bench("sim39b1")
    write = _writer(sim39b1, monkeypatch)
    starter = sim39b1.STARTER.read_text(encoding="utf-8")
    submissions = sim39b1.CLASS / "main" / "submissions"
    for name, spec in {**write.fillers.FILES, **write.fillers.SOURCES}.items():
        assert write.filled(starter, spec) == (submissions / f"{name}.py").read_text(encoding="utf-8"), name
    for folder, spec in (("lecture", write.copies.LECTURE), ("ta-post", write.copies.TA)):
        made = write.filled(starter, spec)
        assert made == (sim39b1.CLASS / "materials" / folder / "engine.py").read_text(encoding="utf-8"), folder
    for name, (spec, header) in write.copies.HARD.items():
        assert header + write.filled(starter, spec) == (submissions / f"{name}.py").read_text(encoding="utf-8"), name
    for name, make in write.copies.COPIES.items():
        assert make(submissions) == (submissions / f"{name}.py").read_text(encoding="utf-8"), name
    for name, make in write.copies.PUBLIC_COPIES.items():
        assert make() == (submissions / f"{name}.py").read_text(encoding="utf-8"), name
    labels = json.loads((sim39b1.CLASS / "labels.json").read_text(encoding="utf-8"))
    assert labels == {"main": write.copies.labels()}


def test_the_labelled_slips_fail_the_check():
    """The lecture's code passes sim39b1's check; backward that sets a parent's grad instead of adding (s202's slip) and
    pow's exponent not lowered (s195's) fail it, naming the gradients."""
    sim39b1 = load_bench("sim39b1")
    text = (sim39b1.CLASS / "materials" / "lecture" / "engine.py").read_text(encoding="utf-8")
    sim39b1.check(text, "lecture")
    with pytest.raises(AssertionError, match="grad"):
        sim39b1.check(text.replace("p.grad += local * n.grad", "p.grad = local * n.grad"), "lecture")
    with pytest.raises(AssertionError, match="grad"):
        sim39b1.check(text.replace("k * self.data ** (k - 1)", "k * self.data ** k"), "lecture")
