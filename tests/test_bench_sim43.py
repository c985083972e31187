"""bench/similarity/sim43b1.py and sim43b2.py, session 43's blind classes (sim43b1: 04-more-ops' whole engine in a
Gradescope export, six level-4 copies each restructured another way; sim43b2: 10-neuron's neuron.py of a
Chinese-speaking course, a plain folder of <login>.py files): what their writers make is what is committed, byte for
byte; the grader's loader reads the export as the contract says (the submitters' emails); each class builds with
every hand-in checked and its labels hold issue 27's recipe; the checks fail the slips their labelled bugs make."""

import json
import shutil

import pytest
from bench_modules import holds_its_recipe, load_bench, writes_what_is_committed

from grader.load import load_folder

EVASIONS = {"form feed in a comment", "annotation on every assignment", "() after every statement",
            "zlib+base64 and exec"}


@pytest.mark.parametrize("name, count", [("sim43b1", 48), ("sim43b2", 41)])
def test_the_writer_makes_what_is_committed(monkeypatch, tmp_path, name, count):
    """write.py makes every hand-in (sim43b1: 47 folders and the metadata file) and labels.json as committed."""
    module = load_bench(name)
    writes_what_is_committed(module, monkeypatch, tmp_path)
    assert len(list((tmp_path / "main" / "submissions").iterdir())) == count


def test_sim43b1_the_loader_reads_the_gradescope_export_as_its_submitters():
    """Every folder is one row named by its submitter's email (the labels' keys), the engine one folder down too."""
    sim43b1 = load_bench("sim43b1")
    labels = json.loads((sim43b1.CLASS / "labels.json").read_text(encoding="utf-8"))["main"]
    rows = load_folder(sim43b1.CLASS / "main" / "submissions")
    assert sorted(row.id for row in rows) == sorted(labels)
    assert {row.export["lms"] for row in rows} == {"gradescope"}
    assert all(sorted(row.files) == ["engine.py"] for row in rows)


@pytest.mark.slow
@pytest.mark.parametrize("name, members, independent, levels, public, bugs, starter", [
    ("sim43b1", 47, 18, {2: 2, 3: 3, 4: 6}, 4,
     ["grace.liu@students.example.edu", "hiro.sato@students.example.edu"], "engine.py"),
    ("sim43b2", 41, 16, {1: 1, 2: 2, 3: 2, 4: 4}, 4, ["wuting", "xuyang"], "neuron.py"),
])
def test_the_class_builds_checked_with_its_recipe(tmp_path, name, members, independent, levels, public, bugs,
                                                  starter):
    """Every hand-in passes the check but the two labelled bugs, which fail it; the recipe: independents, three hard
    pairs, copy pairs at levels 1-4, public copies, the four evasions."""
    holds_its_recipe(tmp_path, name, members=members, independent=independent, levels=levels, public=public,
                     bugs=bugs, starter=starter, evasions=EVASIONS)


@pytest.mark.parametrize("right, slip, message", [
    ("            self.grad += (1 / self.data) * out.grad\n", "            self.grad += (1 / out.data) * out.grad\n",
     "ZeroDivisionError"),
    ("        return other + (-self)\n", "        return self - other\n", "rsub: value"),
    ("            self.grad += k * self.data ** (k - 1) * out.grad\n",
     "            self.grad += k * self.data ** k * out.grad\n", "pow 3: grad of input 0"),
])
def test_sim43b1_a_hard_pairs_engine_passes_and_each_slip_fails(tmp_path, right, slip, message):
    """Quentin's engine (the lecture's code) passes sim43b1's check; the README's mistakes (log from the output,
    __rsub__ reversed, pow without the -1) each fail it, saying where."""
    sim43b1 = load_bench("sim43b1")
    folders = sim43b1.submitters(sim43b1.CLASS / "main" / "submissions")
    sub = next(s for s, email in folders.items() if email.startswith("quentin."))
    folder = sim43b1.CLASS / "main" / "submissions" / sub
    sim43b1.check(folder)
    slipped = tmp_path / sub
    shutil.copytree(folder, slipped)
    text = (slipped / "engine.py").read_text(encoding="utf-8")
    assert text.count(right) == 1, right  # the slip is made, once
    (slipped / "engine.py").write_text(text.replace(right, slip), encoding="utf-8")
    with pytest.raises(AssertionError, match=message):
        sim43b1.check(slipped)


@pytest.mark.parametrize("right, slip, message", [
    ("    y.backward()\n", "    y.backward()\n    y.backward()\n", r"neuron_gradients\(2.0, -1.0"),
    ("        continue\n", "        worst = max(worst, abs(g - r) / max(abs(g), abs(r)))\n", "ZeroDivisionError"),
])
def test_sim43b2_a_hard_pairs_file_passes_and_each_slip_fails(tmp_path, right, slip, message):
    """Cao Xue's file (the TA's answer) passes sim43b2's check; the README's mistakes (backward() twice, a division
    where both gradients are 0) each fail it."""
    sim43b2 = load_bench("sim43b2")
    path = sim43b2.CLASS / "main" / "submissions" / "caoxue.py"
    sim43b2.check(path)
    text = path.read_text(encoding="utf-8")
    assert text.count(right) == 1, right
    slipped = tmp_path / "caoxue.py"
    slipped.write_text(text.replace(right, slip), encoding="utf-8")
    with pytest.raises(AssertionError, match=message):
        sim43b2.check(slipped)
