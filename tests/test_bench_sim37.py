"""bench/similarity/sim37b1.py and sim37b2.py: session 37's blind classes build with every file checked (a file
labelled with a bug must fail the exercise's check, every other file pass it), their labels hold the recipe of issue
27's held-out class, and what is built is what is committed."""

import collections
import importlib.util

import pytest
from bench_modules import load_bench

run = load_bench("run")

EVASIONS = {"form feed in a comment", "annotation on every assignment", "() after every statement",
            "zlib+base64 and exec"}


def _pairs(labels):
    rows = list(run.labelled_pairs(labels))
    copies = collections.Counter(level for _, _, copy, level, _ in rows if copy)
    return copies, sum(hard for *_, hard in rows)


@pytest.mark.slow
@pytest.mark.parametrize("name, files, levels, hard, public, bugs", [
    ("sim37b1", 57, {1: 3, 2: 3, 3: 5, 4: 3}, 3, 6, 2),
    ("sim37b2", 44, {1: 2, 2: 2, 3: 3, 4: 1}, 3, 5, 2),
])
def test_the_class_builds_checked_with_its_recipe(tmp_path, name, files, levels, hard, public, bugs):
    module = load_bench(name)
    labels = module.build(tmp_path / name)  # raises if a file fails its check (or a labelled bug passes it)
    members = labels["main"]
    assert len(members) == files == len(list((tmp_path / name / "main" / "submissions").glob("*.py")))
    assert _pairs(labels) == (levels, hard)
    assert sum(m["cluster"] == "public" for m in members.values()) == public
    assert sum("bug" in m for m in members.values()) == bugs
    assert {m["evasion"] for m in members.values() if "evasion" in m} == EVASIONS
    assert (tmp_path / name / "materials").is_dir()
    committed = module.CLASS / "main" / "submissions"
    for path in sorted(committed.glob("*.py")):  # what is built is what is committed, byte for byte
        assert (tmp_path / name / "main" / "submissions" / path.name).read_bytes() == path.read_bytes()


def test_the_writers_make_what_is_committed(monkeypatch):
    """sim37b1/write.py's starter fillers and course texts come out as committed (no hand edit after writing)."""
    sim37b1 = load_bench("sim37b1")
    monkeypatch.syspath_prepend(str(sim37b1.CLASS))  # write.py imports fillers.py beside it
    spec = importlib.util.spec_from_file_location("sim37b1_write", sim37b1.CLASS / "write.py")
    write = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(write)
    starter = sim37b1.STARTER.read_text(encoding="utf-8")
    for name, spec in write.fillers.FILES.items():
        path = sim37b1.CLASS / (spec["path"] if "path" in spec else f"main/submissions/{name}.py")
        made = write.filled(starter, spec["bodies"], spec.get("keep_todo", False), spec.get("edit"))
        assert made == path.read_text(encoding="utf-8"), name


def test_a_file_that_breaks_a_rule_fails_the_check():
    sim37b1 = load_bench("sim37b1")
    text = (sim37b1.CLASS / "materials" / "ta-post" / "engine.py").read_text(encoding="utf-8")
    sim37b1.check(text, "ta-post")
    with pytest.raises(AssertionError, match="relu: grad"):
        sim37b1.check(text.replace("local = 1.0 if self.data > 0 else 0.0", "local = 1.0"), "ta-post")


def test_the_mul_class_checks_by_the_exercise_protocol():
    """sim37b2's check passes the reference engine and the exercise's `=` rule, and fails the README's two mistakes."""
    sim37b2 = load_bench("sim37b2")
    sim37b2.check((sim37b2.REPO / "reference" / "engine.py").read_text(encoding="utf-8"), "reference")
    text = (sim37b2.CLASS / "materials" / "lesson" / "engine.py").read_text(encoding="utf-8")
    sim37b2.check(text, "lesson")
    with pytest.raises(AssertionError, match=r"a\*b: \[-6.0, 3.0, -2.0\]"):  # each operand's own value
        sim37b2.check(text.replace("self.grad = other.data * out.grad", "self.grad = self.data * out.grad")
                      .replace("other.grad = self.data * out.grad", "other.grad = other.data * out.grad"), "lesson")
    with pytest.raises(AssertionError, match=r"\(a\*b\)\*c"):  # out.grad forgotten: right alone, wrong in a chain
        sim37b2.check(text.replace(" * out.grad", ""), "lesson")
