"""bench/similarity/sim37b1.py and sim37b2.py, session 37's blind classes: what their writers make is what is committed,
and their checks fail the slips they are meant to catch (tests/test_bench_sim36.py builds them, every file checked, and
holds their labels to issue 27's recipe)."""

import pytest
from bench_modules import load_bench, load_writer


def test_the_writers_make_what_is_committed(monkeypatch):
    """Both classes' write.py make their starter fillers and course texts as committed (no hand edit after writing)."""
    sim37b1, sim37b2 = load_bench("sim37b1"), load_bench("sim37b2")
    write = load_writer(sim37b1, monkeypatch)
    starter = sim37b1.STARTER.read_text(encoding="utf-8")
    for name, spec in write.fillers.FILES.items():
        path = sim37b1.CLASS / (spec["path"] if "path" in spec else f"main/submissions/{name}.py")
        made = write.filled(starter, spec["bodies"], spec.get("keep_todo", False), spec.get("edit"))
        assert made == path.read_text(encoding="utf-8"), name
    write = load_writer(sim37b2, monkeypatch)
    starter = sim37b2.STARTER.read_text(encoding="utf-8")
    for name, spec in write.students.FILES.items():
        path = sim37b2.CLASS / (spec["path"] if "path" in spec else f"main/submissions/{name}.py")
        assert write.filled(starter, spec) == path.read_text(encoding="utf-8"), name


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
