"""bench/similarity/sim38b1.py, session 38's blind class on the whole engine: what its writer makes is what is
committed, and its check fails the slips its labelled bugs make (tests/test_bench_sim36.py builds it, every file
checked, and holds its labels to issue 27's recipe)."""

import importlib.util
import json

import pytest
from bench_modules import load_bench


def _writer(module, monkeypatch):
    """The class's write.py (it imports its specs beside it by name)."""
    monkeypatch.syspath_prepend(str(module.CLASS))
    spec = importlib.util.spec_from_file_location(f"{module.CLASS.name}_write", module.CLASS / "write.py")
    write = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(write)
    return write


def test_the_writer_makes_what_is_committed(monkeypatch):
    """write.py makes the starter fillers, the course texts, the hard negatives, the level 1-3 copies, the public copies
    and labels.json as committed (no hand edit after writing; the level-4 copies and whole engines are typed by hand)."""
    sim38b1 = load_bench("sim38b1")
    write = _writer(sim38b1, monkeypatch)
    starter = sim38b1.STARTER.read_text(encoding="utf-8")
    submissions = sim38b1.CLASS / "main" / "submissions"
    for name, spec in {**write.fillers.FILES, **write.fillers.SOURCES}.items():
        made = write.filled(starter, spec["bodies"], spec.get("keep_todo", False), spec.get("edit"))
        assert made == (submissions / f"{name}.py").read_text(encoding="utf-8"), name
    for folder, bodies in (("lecture", write.fillers.LECTURE), ("ta-post", write.fillers.TA)):
        made = write.filled(starter, bodies)
        assert made == (sim38b1.CLASS / "materials" / folder / "engine.py").read_text(encoding="utf-8"), folder
    for name, (bodies, keep_todo, header) in write.copies.HARD.items():
        made = header + write.filled(starter, bodies, keep_todo)
        assert made == (submissions / f"{name}.py").read_text(encoding="utf-8"), name
    for name, make in write.copies.COPIES.items():
        assert make(submissions) == (submissions / f"{name}.py").read_text(encoding="utf-8"), name
    for name, make in write.copies.PUBLIC_COPIES.items():
        assert make() == (submissions / f"{name}.py").read_text(encoding="utf-8"), name
    labels = json.loads((sim38b1.CLASS / "labels.json").read_text(encoding="utf-8"))
    assert labels == {"main": write.copies.labels()}


def test_the_labelled_slips_fail_the_check():
    """The lecture's code passes sim38b1's check; backward that sets instead of adding, and pow's exponent not lowered,
    fail it (the two labelled bugs, s139 and s188, are these slips)."""
    sim38b1 = load_bench("sim38b1")
    text = (sim38b1.CLASS / "materials" / "lecture" / "engine.py").read_text(encoding="utf-8")
    sim38b1.check(text, "lecture")
    with pytest.raises(AssertionError, match="grad"):
        sim38b1.check(text.replace("inp.grad += g", "inp.grad = g"), "lecture")
    with pytest.raises(AssertionError, match="grad"):
        sim38b1.check(text.replace("g * k * self.data ** (k - 1)", "g * k * self.data ** k"), "lecture")
