"""bench/similarity/sim41b1.py, session 41's first blind class (the whole engine handed in as a package, micrograd/
engine.py + ops.py + nn.py and train.py, in a Moodle export of folders and zips, with a seventh course's Chinese
starter): what its writer makes is what is committed, byte for byte (zips too); the class builds with every hand-in
checked and its labels hold issue 27's recipe; the check fails the slips its labelled bugs make."""

import collections
import shutil

import pytest
from bench_modules import load_bench, writes_what_is_committed

EVASIONS = {"form feed in a comment", "annotation on every assignment", "() after every statement",
            "zlib+base64 and exec"}


def test_the_writer_makes_what_is_committed(monkeypatch, tmp_path):
    """write.py makes every hand-in (folders and zips), the course texts and labels.json as committed."""
    writes_what_is_committed(load_bench("sim41b1"), monkeypatch, tmp_path, ("main/submissions", "materials"))
    assert len(list((tmp_path / "main" / "submissions").iterdir())) == 46
    assert sum(1 for p in (tmp_path / "main" / "submissions").rglob("hw2.zip")) == 19


@pytest.mark.slow
def test_the_class_builds_checked_with_its_recipe(tmp_path):
    """Every hand-in passes the check but the two labelled bugs, which fail it; 46 hand-ins: 14 independent, three
    hard pairs, copy pairs at levels 1-4 (2, 4, 5, 5), six public copies, the four evasions."""
    run = load_bench("run")
    sim41b1 = load_bench("sim41b1")
    labels = sim41b1.build(tmp_path / "sim41b1")  # raises if a hand-in fails its check (or a labelled bug passes it)
    members = labels["main"]
    rows = list(run.labelled_pairs(labels))
    assert len(members) == 46
    assert collections.Counter(level for _, _, copy, level, _ in rows if copy) == {1: 2, 2: 4, 3: 5, 4: 5}
    assert sum(hard for *_, hard in rows) == 3
    assert sum(m["cluster"] == "public" for m in members.values()) == 6
    assert sorted(sid for sid, m in members.items() if "bug" in m) == ["Wu Xia_100109", "Zhou Jie_100108"]
    assert {m["evasion"] for m in members.values() if "evasion" in m} == EVASIONS
    assert sum(m["kind"].startswith("independent") for m in members.values()) == 14
    assert {p.name for p in (tmp_path / "sim41b1" / "main" / "submissions").iterdir()} == {
        f"{sid}_assignsubmission_file_" for sid in members}  # Moodle's folders: the id is what precedes the suffix
    assert (tmp_path / "sim41b1" / "main" / "starter" / "hw2" / "micrograd" / "ops.py").is_file()
    assert (tmp_path / "sim41b1" / "public" / "micrograd" / "nn.py").is_file()


@pytest.mark.parametrize("path, right, slip, message", [
    ("micrograd/ops.py", "        a.grad += b.data * out.grad\n", "        a.grad = b.data * out.grad\n",
     r"a\*a\+a: grad of input 0: 6.0 != 7.0"),
    ("micrograd/ops.py", "a.grad += (1 - t ** 2) * out.grad", "a.grad += (1 - a.data ** 2) * out.grad",
     "tanh: grad of input 0: 0.64 != 0.71157"),
    ("micrograd/nn.py", "        return [p for n in self.neurons for p in n.parameters()]\n",
     "        return [p for n in self.neurons[:1] for p in n.parameters()]\n",
     r"MLP\(3, \[4, 4, 1\]\) has 14 parameters, not 41"),
    ("micrograd/engine.py", "        for node in reversed(topo):\n", "        for node in topo:\n",
     "sub: grad of input 1: 0.0 != -1"),
])
def test_the_lectures_package_passes_and_each_slip_fails(tmp_path, path, right, slip, message):
    """The lecture's package (materials/lecture/) passes the check; `=` in mul's rule (Wu Xia's slip), tanh's
    derivative from the input (Zhou Jie's), a Layer that lists its first neuron's parameters only, and the walk forwards each
    fail it, saying where."""
    sim41b1 = load_bench("sim41b1")
    lecture = sim41b1.CLASS / "materials" / "lecture"
    sim41b1.check(lecture)
    entry = tmp_path / "lecture"
    shutil.copytree(lecture, entry)
    text = (entry / path).read_text(encoding="utf-8")
    assert text.count(right) == 1, right  # the slip is made, once
    (entry / path).write_text(text.replace(right, slip), encoding="utf-8")
    with pytest.raises(AssertionError, match=message):
        sim41b1.check(entry)


def test_the_second_writer_makes_what_is_committed(monkeypatch, tmp_path):
    """sim41b2's write.py makes every nn.py, the course texts and labels.json as committed."""
    labels = writes_what_is_committed(load_bench("sim41b2"), monkeypatch, tmp_path, ("main/submissions", "materials"))
    assert len(labels["main"]) == 40


@pytest.mark.slow
def test_the_second_class_builds_checked_with_its_recipe(tmp_path):
    """Every nn.py passes the check but the two labelled bugs; 40 files: 15 independent, three hard pairs, copy pairs
    at levels 1-4 (2, 3, 2, 6), five public copies, the four evasions."""
    run = load_bench("run")
    sim41b2 = load_bench("sim41b2")
    labels = sim41b2.build(tmp_path / "sim41b2")
    members = labels["main"]
    rows = list(run.labelled_pairs(labels))
    assert len(members) == 40 == len(list((tmp_path / "sim41b2" / "main" / "submissions").glob("*.py")))
    assert collections.Counter(level for _, _, copy, level, _ in rows if copy) == {1: 2, 2: 3, 3: 2, 4: 6}
    assert sum(hard for *_, hard in rows) == 3
    assert sum(m["cluster"] == "public" for m in members.values()) == 5
    assert sorted(sid for sid, m in members.items() if "bug" in m) == ["s108", "s110"]
    assert {m["evasion"] for m in members.values() if "evasion" in m} == EVASIONS
    assert (tmp_path / "sim41b2" / "main" / "starter" / "nn.py").is_file()


@pytest.mark.parametrize("right, slip, message", [
    ("            p.grad = 0\n", "            p.grad == 0\n", "zero_grad\\(\\) leaves a gradient"),
    ("        return self.w + [self.b]\n", "        return self.w\n", r"has 32 parameters, not 41"),
    ("        return act.tanh() if self.nonlin else act\n", "        return act.tanh() if self.nonlin else act * 1\n"
     "        return act.tanh()\n", None),
    ("            p.data -= lr * p.grad\n", "            p.data += lr * p.grad\n", "loss does not fall"),
])
def test_the_lectures_nn_passes_and_each_slip_fails(right, slip, message):
    """The lecture's nn.py passes sim41b2's check; zero_grad comparing (s108's slip), the bias left out (s110's) and
    train_xor climbing the gradient fail it, saying what is wrong; dead code after a return changes nothing."""
    sim41b2 = load_bench("sim41b2")
    text = (sim41b2.CLASS / "materials" / "lecture" / "nn.py").read_text(encoding="utf-8")
    sim41b2.check(text, "lecture")
    assert text.count(right) == 1, right  # the slip is made, once
    if message is None:
        sim41b2.check(text.replace(right, slip), "lecture")
    else:
        with pytest.raises(AssertionError, match=message):
            sim41b2.check(text.replace(right, slip), "lecture")
