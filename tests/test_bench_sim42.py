"""bench/similarity/sim42b1.py and sim42b2.py, session 42's blind classes (sim42b1: 05-backward handed in as Jupyter
notebooks with Canvas's file names; sim42b2: 04-more-ops on GitHub Classroom, a Russian-speaking course): what their
writers make is what is committed, byte for byte; each class builds with every hand-in checked and its labels hold
issue 27's recipe; the checks fail the slips their labelled bugs make."""

import json
import shutil

import pytest
from bench_modules import holds_its_recipe, load_bench, writes_what_is_committed

EVASIONS = {"form feed in a comment", "annotation on every assignment", "() after every statement",
            "zlib+base64 and exec"}


@pytest.mark.parametrize("name, count", [pytest.param("sim42b1", 48, marks=pytest.mark.slow), ("sim42b2", 35)])
def test_the_writer_makes_what_is_committed(monkeypatch, tmp_path, name, count):
    """write.py makes every hand-in and labels.json as committed (sim42b1's notebooks with the outputs of their run)."""
    module = load_bench(name)
    writes_what_is_committed(module, monkeypatch, tmp_path)
    assert len(list((tmp_path / "main" / "submissions").iterdir())) == count


@pytest.mark.slow
@pytest.mark.parametrize("name, members, independent, levels, public, bugs", [
    ("sim42b1", 48, 18, {1: 2, 2: 3, 3: 4, 4: 5}, 5, ["hassanfatima_42106", "petrovivan_42109"]),
    ("sim42b2", 35, 12, {1: 2, 2: 2, 3: 4, 4: 3}, 4, ["hw04-kravets", "hw04-zaitsev-ia"]),
])
def test_the_class_builds_checked_with_its_recipe(tmp_path, name, members, independent, levels, public, bugs):
    """Every hand-in passes the check but the two labelled bugs, which fail it; the recipe: independents, three hard
    pairs, copy pairs at levels 1-4, public copies, the four evasions."""
    holds_its_recipe(tmp_path, name, members=members, independent=independent, levels=levels, public=public,
                     bugs=bugs, starter="engine.py", evasions=EVASIONS)


@pytest.mark.parametrize("right, slip, message", [
    ("        self.grad = 1\n", "        self.grad = 0\n", "add: grad of input 0: 0 != 1"),
    ("        for node in reversed(topo):\n", "        for node in topo:\n", r"relu \+: grad of input 0: 0 != 2"),
    ("            elif node not in visited:\n", "            elif True:\n", "DAG 1: grad of input 0"),
])
def test_sim42b1_a_hard_pairs_notebook_passes_and_each_slip_fails(tmp_path, right, slip, message):
    """Sam's notebook (the lecture's backward) passes sim42b1's check; the README's mistakes (no seed, the order
    walked forwards, no visited set) each fail it, saying where."""
    sim42b1 = load_bench("sim42b1")
    path = next((sim42b1.CLASS / "main" / "submissions").glob("turnersam_*"))
    sim42b1.check(path)
    notebook = json.loads(path.read_text(encoding="utf-8"))
    cell = next(c for c in notebook["cells"] if "def backward" in "".join(c["source"]))
    text = "".join(cell["source"])
    assert text.count(right) == 1, right  # the slip is made, once
    cell["source"] = text.replace(right, slip).splitlines(keepends=True)
    slipped = tmp_path / path.name
    slipped.write_text(json.dumps(notebook), encoding="utf-8")
    with pytest.raises(AssertionError, match=message):
        sim42b1.check(slipped)


def test_sim42b2_the_template_tests_run_and_a_slip_fails(tmp_path):
    """Osipov's repository (the lecture's code) passes sim42b2's check; log's derivative from the output (a README
    mistake) fails it."""
    sim42b2 = load_bench("sim42b2")
    repo = sim42b2.CLASS / "main" / "submissions" / "hw04-osipov"
    sim42b2.check(repo)
    slipped = tmp_path / "hw04-osipov"
    shutil.copytree(repo, slipped)
    text = (slipped / "engine.py").read_text(encoding="utf-8")
    right = "            self.grad += out.grad / self.data\n"
    assert text.count(right) == 1
    (slipped / "engine.py").write_text(text.replace(right, "            self.grad += out.grad / out.data\n"),
                                       encoding="utf-8")
    with pytest.raises(AssertionError, match="hw04-osipov: log: grad of input 0"):
        sim42b2.check(slipped)
