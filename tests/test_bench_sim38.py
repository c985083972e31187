"""bench/similarity/sim38b1.py and sim38b2.py, session 38's blind classes (the whole engine; 08-dual-numbers' dual.py):
what their writers make is what is committed, and their checks fail the slips their labelled bugs make
(tests/test_bench_sim36.py builds them, every file checked, and holds their labels to issue 27's recipe)."""

import json

import pytest
from bench_modules import load_bench, load_writer


def test_the_writer_makes_what_is_committed(monkeypatch):
    """write.py makes the starter fillers, the course texts, the hard negatives, the level 1-3 copies, the public copies
    and labels.json as committed (no hand edit after writing; the level-4 copies and whole engines are typed by hand)."""
    sim38b1 = load_bench("sim38b1")
    write = load_writer(sim38b1, monkeypatch)
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


def test_the_dual_writer_makes_what_is_committed(monkeypatch):
    """sim38b2's write.py makes its fillers, course texts, hard negatives, level 1-3 copies, public copies and
    labels.json as committed."""
    sim38b2 = load_bench("sim38b2")
    write = load_writer(sim38b2, monkeypatch)
    starter = sim38b2.STARTER.read_text(encoding="utf-8")
    submissions = sim38b2.CLASS / "main" / "submissions"
    for name, spec in {**write.students.FILES, **write.students.SOURCES}.items():
        assert write.filled(starter, spec) == (submissions / f"{name}.py").read_text(encoding="utf-8"), name
    for folder, bodies in (("lesson", write.students.LESSON), ("ta-post", write.students.TA)):
        made = write.filled(starter, {"bodies": bodies})
        assert made == (sim38b2.CLASS / "materials" / folder / "dual.py").read_text(encoding="utf-8"), folder
    for name, (bodies, keep_todo, header) in write.copies.HARD.items():
        made = header + write.filled(starter, {"bodies": bodies, "keep_todo": keep_todo})
        assert made == (submissions / f"{name}.py").read_text(encoding="utf-8"), name
    for name, make in write.copies.COPIES.items():
        assert make(submissions) == (submissions / f"{name}.py").read_text(encoding="utf-8"), name
    for name, make in write.copies.PUBLIC_COPIES.items():
        assert make(starter) == (submissions / f"{name}.py").read_text(encoding="utf-8"), name
    labels = json.loads((sim38b2.CLASS / "labels.json").read_text(encoding="utf-8"))
    assert labels == {"main": write.copies.labels()}


def test_the_dual_check_compares_forward_with_reverse_mode():
    """sim38b2's check passes the lesson's code and the public text, and fails a quotient rule with the wrong sign
    (s195's slip) and tanh' without the square (s146's), naming the case where forward and reverse mode part."""
    sim38b2 = load_bench("sim38b2")
    sim38b2.check((sim38b2.CLASS / "public" / "dual.py").read_text(encoding="utf-8"), "public")
    text = (sim38b2.CLASS / "materials" / "lesson" / "dual.py").read_text(encoding="utf-8")
    sim38b2.check(text, "lesson")
    with pytest.raises(AssertionError, match=r"lesson: readme: forward -5\.30"):
        sim38b2.check(text.replace("(self.deriv * other.value - self.value", "(self.deriv * other.value + self.value"),
                      "lesson")
    with pytest.raises(AssertionError, match=r"lesson: readme: forward 6\.84"):
        sim38b2.check(text.replace("(1 - t * t) * self.deriv", "(1 - t) * self.deriv"), "lesson")
