"""bench/similarity/sim39b1.py and sim39b2.py, session 39's blind classes (the whole engine with a fifth course's
starter: Node with parents as (node, local_grad) pairs; 09-write-tests' test_engine.py): what their writers make is
what is committed, and their checks fail the slips their labelled bugs make (tests/test_bench_sim36.py builds them,
every file checked, and holds their labels to issue 27's recipe)."""

import json

import pytest
from bench_modules import load_bench, load_writer


def _written(folder, made):
    """The names of the files of FOLDER whose text is not what MADE ({name: text}) says."""
    return [name for name, text in made.items() if (folder / f"{name}.py").read_text(encoding="utf-8") != text]


def test_the_writer_makes_what_is_committed(monkeypatch):
    """write.py makes the starter fillers, the course texts, the hard negatives, the level 1-3 copies, the public
    copies and labels.json as committed (no hand edit after writing; the whole engines and level-4 copies are typed by
    hand)."""
    sim39b1 = load_bench("sim39b1")
    write = load_writer(sim39b1, monkeypatch)
    starter = sim39b1.STARTER.read_text(encoding="utf-8")
    submissions = sim39b1.CLASS / "main" / "submissions"
    fillers = {**write.fillers.FILES, **write.fillers.SOURCES}
    made = {name: write.filled(starter, spec) for name, spec in fillers.items()}
    made.update({name: header + write.filled(starter, spec) for name, (spec, header) in write.copies.HARD.items()})
    made.update({name: make(submissions) for name, make in write.copies.COPIES.items()})
    made.update({name: make() for name, make in write.copies.PUBLIC_COPIES.items()})
    assert len(made) == 45 and _written(submissions, made) == []
    for folder, spec in (("lecture", write.copies.LECTURE), ("ta-post", write.copies.TA)):
        assert _written(sim39b1.CLASS / "materials" / folder, {"engine": write.filled(starter, spec)}) == [], folder
    labels = json.loads((sim39b1.CLASS / "labels.json").read_text(encoding="utf-8"))
    assert labels == {"main": write.copies.labels()}


def test_the_labelled_slips_fail_the_check():
    """The lecture's code passes sim39b1's check; backward that sets a parent's grad instead of adding (s202's slip) and
    pow's exponent not lowered (s195's) fail it, naming the gradients."""
    sim39b1 = load_bench("sim39b1")
    text = (sim39b1.CLASS / "materials" / "lecture" / "engine.py").read_text(encoding="utf-8")
    sim39b1.check(text, "lecture")
    for right, slip in (("p.grad += local * n.grad", "p.grad = local * n.grad"),
                        ("k * self.data ** (k - 1)", "k * self.data ** k")):
        assert text.count(right) == 1, right  # the slip is made, once
        with pytest.raises(AssertionError, match="grad"):
            sim39b1.check(text.replace(right, slip), "lecture")


def test_the_tests_writer_makes_what_is_committed(monkeypatch):
    """sim39b2's write.py makes every student's file, the course texts, the public text, the hard negatives, the level
    1-3 copies, the public copies and labels.json as committed."""
    sim39b2 = load_bench("sim39b2")
    write = load_writer(sim39b2, monkeypatch)
    starter = sim39b2.STARTER.read_text(encoding="utf-8")
    submissions = sim39b2.CLASS / "main" / "submissions"
    made = {name: write.filled(starter, tests) for name, (_, tests) in {**write.students.FILES,
                                                                        **write.students.SOURCES}.items()}
    made.update({name: write.filled(starter, tests) for name, (_, _, tests) in write.students.L4.items()})
    made.update({name: header + write.filled(starter, tests, keep)
                 for name, (tests, keep, header) in write.copies.HARD.items()})
    made.update({name: make(submissions) for name, make in write.copies.COPIES.items()})
    made.update({name: write.filled(starter, make()) for name, make in write.copies.PUBLIC_COPIES.items()})
    assert len(made) == 46 and _written(submissions, made) == []
    for folder, tests in (("materials/lecture", write.course.LECTURE), ("materials/ta-post", write.course.TA),
                          ("public", write.course.PUBLIC)):
        assert _written(sim39b2.CLASS / folder, {"test_engine": write.filled(starter, tests)}) == [], folder
    labels = json.loads((sim39b2.CLASS / "labels.json").read_text(encoding="utf-8"))
    assert labels == {"main": write.copies.labels()}


def test_the_tests_check_runs_every_kind_of_test_on_both_correct_engines():
    """sim39b2's check passes the lecture's tests, the TA's and the public text; a test expecting relu'(0) = 1 (s188's
    slip) fails it naming the test and the engine, and so does a unittest.TestCase method that fails and a
    parametrised case that fails; a file without tests fails too."""
    sim39b2 = load_bench("sim39b2")
    for folder in ("lecture", "ta-post"):
        sim39b2.check((sim39b2.CLASS / "materials" / folder / "test_engine.py").read_text(encoding="utf-8"), folder)
    sim39b2.check((sim39b2.CLASS / "public" / "test_engine.py").read_text(encoding="utf-8"), "public")
    text = (sim39b2.CLASS / "materials" / "ta-post" / "test_engine.py").read_text(encoding="utf-8")
    with pytest.raises(AssertionError, match=r"^ta: test_relu_at_zero_has_zero_gradient fails on "
                                             r"09-write-tests/engine\.py: AssertionError"):
        sim39b2.check(text.replace("assert x.grad == 0.0", "assert x.grad == 1.0"), "ta")
    unit = ("import unittest\nfrom engine import Value\n\n\nclass T(unittest.TestCase):\n    def test_mul(self):\n"
            "        a = Value(2.0)\n        (a * 3).backward()\n        self.assertEqual(a.grad, 2.0)\n")
    with pytest.raises(AssertionError, match=r"^unit: T\.test_mul fails on 09-write-tests/engine\.py"):
        sim39b2.check(unit, "unit")
    table = ("import pytest\nfrom engine import Value\n\n\n@pytest.mark.parametrize('k, want', [(2, 4.0), (3, 9.0)])\n"
             "def test_pow(k, want):\n    a = Value(2.0)\n    (a ** k).backward()\n    assert a.grad == want\n")
    with pytest.raises(AssertionError, match=r"^table: test_pow fails on 09-write-tests/engine\.py"):
        sim39b2.check(table, "table")
    sim39b2.check(table.replace("(3, 9.0)", "(3, 12.0)"), "table")
    with pytest.raises(AssertionError, match="^empty: no tests$"):
        sim39b2.check("from engine import Value\n", "empty")
