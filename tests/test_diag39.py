"""Session 39's diagnosis (diag39): the source's readings of the class read the module the class is defined in.

The static hints (`assign-grad`, `recursive-topo`, `visited-by-value`), the seed's reading (`no-seed`, the seed facts)
and whether the sort pops a stack read the engine file alone. Where it holds only an import of the class (a package's
`__init__.py` with `from .core import Value`, `from nodes import Node as Value`, a notebook's `from nodes import Node
as Value` of a file handed in beside it), they found nothing there: `tests/fixtures/diag39/engine/` holds such engines
in four styles (micrograd's closures in a package, nodes that keep their local derivatives behind an alias, a package
with a tape-like node, a notebook), each with its twin in one file (TWINS, made here): before, the split engine's
mistake was said with no line (`no-seed`, a recursive sort) or not at all (`=` in `__mul__`'s rule, a visited set of
values), where its twin in one file was named and placed. A method the engine file puts on the class itself
(`Value.backward = _backward`, over a course library's recursive one) replaces the module's: the module's is not read
(correct-vendored-iterative: no `recursive-topo`; bug-vendored-no-seed: `no-seed` at the engine file's own
backward). No score moves.
"""
import shutil
from pathlib import Path

import pytest
from costs import slow_fixture
from test_diag37 import plant
from test_fresh_styles import LIMITS, assert_scored_and_named

from grader.diagnose.student_asserts import vacuous_asserts
from grader.i18n import translator
from grader.pipeline import grade

FRESH = Path(__file__).parent / "fixtures" / "diag39" / "engine"

# id -> (the case, [(the file of it that is the twin's engine.py, what is added at its end)])
TWINS = {
    "one-assign": ("pkg-assign", "engine/core.py", ""),
    "one-visited-data": ("alias-visited-data", "nodes.py", "\nValue = Node\n"),
    "one-noseed": ("pkg-noseed", "engine/tape.py", ""),
    "one-recursive": ("recursive-package", "engine/core.py", ""),
}
PLANTED = {
    # the engine file's own backward(), which replaces the module's, leaves the seed out
    "bug-vendored-no-seed": (FRESH / "correct-vendored-iterative", [("\n    self.grad = 1.0\n    for node in", "\n    for node in")]),
}


@slow_fixture(scope="module")
def rows(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("diag39")
    folder = tmp / "class"
    folder.mkdir()
    for case in sorted(FRESH.iterdir()):
        shutil.copytree(case, folder / case.name)
    for twin, (case, module, end) in TWINS.items():
        (folder / twin).mkdir()
        text = (FRESH / case / module).read_text(encoding="utf-8")
        (folder / twin / "engine.py").write_text(text + end, encoding="utf-8")
    for case, (base, patches) in PLANTED.items():
        plant(base, folder / case, patches)
    result = grade(folder, exercise="engine", limits=LIMITS, jobs=2, cache_dir=tmp / "cache")
    return {row["id"]: row for row in result.scores["submissions"]}


ASSIGN = [("hint", "assign-grad", None), ("hint", "recursive-topo", None)]
VISITED = [("hint", "visited-by-value", None)]
NO_SEED = [("variant", "no-seed", "exact")]
RECURSIVE = [("variant", "recursive-topo", "exact")]
# id -> (score, how many tests not passed, diagnosis); before session 39 the split engines had the same scores and
# the same diagnosis without a line (no-seed, the recursive sort) or none at all (pkg-assign, the visited sets)
TABLE = {
    "correct-alias": (63.0, 0, []),
    "correct-tape": (63.0, 0, []),
    # the course library's recursive backward() is replaced by the engine file's own: nothing said of it
    "correct-vendored-iterative": (63.0, 0, []),
    # correct but recursive: the deep chain fails, as in one file
    "recursive-package": (61.0, 1, RECURSIVE),
    "one-recursive": (61.0, 1, RECURSIVE),
    "pkg-assign": (36.5, 18, ASSIGN),
    "one-assign": (36.5, 18, ASSIGN),
    "alias-visited-data": (60.0, 3, VISITED),
    "nb-import-visited": (60.0, 3, VISITED),
    "one-visited-data": (60.0, 3, VISITED),
    "pkg-noseed": (4.0, 47, NO_SEED),
    "one-noseed": (4.0, 47, NO_SEED),
    "bug-vendored-no-seed": (4.0, 47, NO_SEED),
}


def test_every_submission_is_in_the_table(rows):
    assert sorted(rows) == sorted(TABLE) == sorted([p.name for p in FRESH.iterdir()] + list(TWINS) + list(PLANTED))


@pytest.mark.parametrize("case", sorted(TABLE))
def test_each_submission_scores_and_is_named(rows, case):
    assert rows[case]["status"] == "graded"
    assert_scored_and_named(rows[case], TABLE[case])


@pytest.mark.parametrize("case,places", [
    ("pkg-assign", [("engine/core.py", 27), ("engine/core.py", 77)]),  # `self.grad = other.data * out.grad`; `build`
    ("recursive-package", [("engine/core.py", 77)]),
    ("alias-visited-data", [("nodes.py", 68)]),  # `if node.data in seen:`
    ("nb-import-visited", [("nodes.py", 68)]),
    ("pkg-noseed", [("engine/tape.py", 58)]),  # `def backward(self):`
    ("bug-vendored-no-seed", [("engine.py", 5)]),  # the engine file's `def _backward(self):`, not base.py's
])
def test_each_finding_stands_in_the_module_the_class_is_defined_in(rows, case, places):
    assert [(d["file"], d["line"]) for d in rows[case]["diagnosis"]] == places


@pytest.mark.parametrize("twin", sorted(TWINS))
def test_a_split_engine_is_said_as_its_twin_in_one_file_is(rows, twin):
    case, module, _ = TWINS[twin]
    split, one = rows[case]["diagnosis"], rows[twin]["diagnosis"]
    assert [d["file"] for d in one] == ["engine.py"] * len(one)
    assert [d["file"] for d in split] == [module] * len(split)
    keep = ("kind", "title", "explanation", "line", "tests")
    assert [{k: d.get(k) for k in keep} for d in split] == [{k: d.get(k) for k in keep} for d in one]


def test_the_visited_set_of_values_is_said_in_the_module(rows):
    (entry,) = rows["alias-visited-data"]["diagnosis"]
    assert entry["title"] == "Your visited set holds the nodes' values, not the nodes"
    assert entry["explanation"].startswith("Line 68: the sort marks a node visited by its `.data`, so two different "
                                           "nodes with the same value")


# 09-write-tests: a check that can never fail, said where it stands (grader/diagnose/student_asserts.py). Fresh test
# files in three styles (unittest, pytest functions, a plain Test class) and two guards: each was graded as now, and
# said nothing (words38 named `assert (cond, "message")` and an `assert` of a constant only).
WRITTEN = FRESH.parent / "09-write-tests"  # the test files that check what they mean to (words38's glob reads them)
BROKEN = FRESH.parent / "09-write-tests-bugs"  # those with a check that never fails
GIVEN_09 = Path(__file__).parent.parent / "exercises" / "09-write-tests" / "engine.py"
PLANTED_09 = {
    # the same tests, the tuple taken apart: the catches come back
    "unit-tuple-mended": (BROKEN / "unit-tuple", [
        ('self.assertTrue((math.isclose(a.grad, -3.0), "d(ab)/da is b"))',
         'self.assertTrue(math.isclose(a.grad, -3.0), "d(ab)/da is b")'),
        ('self.assertTrue((math.isclose(b.grad, 2.0), "d(ab)/db is a"))',
         'self.assertTrue(math.isclose(b.grad, 2.0), "d(ab)/db is a")')]),
    "fn-nothing-mended": (BROKEN / "fn-nothing", [
        ('    print("a.grad", a.grad, "b.grad", b.grad)\n', "    assert a.grad == -3.0 and b.grad == 2.0\n"),
        ("    x.grad == 1 - y.data ** 2\n", "    assert abs(x.grad - (1 - y.data ** 2)) < 1e-12\n")]),
}


@slow_fixture(scope="module")
def written(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("diag39w")
    folder = tmp / "class"
    folder.mkdir()
    for case in sorted([*WRITTEN.iterdir(), *BROKEN.iterdir()]):
        shutil.copytree(case, folder / case.name)
    for case, (base, patches) in PLANTED_09.items():
        plant(base, folder / case, patches)
    for case in folder.iterdir():  # the exercise's own engine beside each, as handed out
        shutil.copy(GIVEN_09, case / "engine.py")
    result = grade(folder, exercise="09-write-tests", limits=LIMITS, jobs=2, cache_dir=tmp / "cache")
    return {row["id"]: row for row in result.scores["submissions"]}


# id -> (score, tests not passed, [(hint, file, line)])
TABLE_09 = {
    "unit-tuple": (8.0, 30, [("tuple-assert", 12), ("tuple-assert", 13)]),
    "fn-nothing": (8.0, 30, [("asserts-nothing", 4), ("asserts-nothing", 15)]),  # `def test_mul`; `x.grad == ...`
    "cls-nothing": (8.0, 30, [("asserts-nothing", 13)]),  # `got == expected`
    # guards: a helper that asserts, unittest's own checks (a condition and a message), an exception raised
    "helper-asserts": (13.0, 25, []),
    "unit-good": (10.0, 28, []),
}


@pytest.mark.parametrize("case", sorted(TABLE_09))
def test_a_check_that_never_fails_is_said_at_its_line(written, case):
    score, lost, hints = TABLE_09[case]
    row = written[case]
    assert (row["status"], row["score"], len([t for t in row["tests"] if t["status"] != "passed"])) == (
        "graded", score, lost)
    assert [(d["kind"], d["hint"], d["file"], d["line"], d["tests"]) for d in row["diagnosis"]] == [
        ("hint", hint, "test_engine.py", line, []) for hint, line in hints]


def test_the_mended_tests_catch_what_the_broken_ones_did_not(written):
    # what the hint says is what cost the catches: mended as it says, each test file catches more (8 -> 10, 8 -> 13)
    assert (written["unit-tuple-mended"]["score"], written["fn-nothing-mended"]["score"]) == (10.0, 13.0)
    assert written["unit-tuple-mended"]["diagnosis"] == written["fn-nothing-mended"]["diagnosis"] == []


def test_the_words_of_each_check_that_never_fails(written):
    tuple_, _ = written["unit-tuple"]["diagnosis"]
    assert (tuple_["title"], tuple_["call"]) == ("This `assertTrue` tests a tuple, which is always true", "assertTrue")
    assert tuple_["explanation"] == (
        "Line 12 (`test_mul`) reads `self.assertTrue(...)` with one tuple of 2 values as its condition: a tuple that is "
        "not empty is always true, so this check never fails, whatever the engine computes, and catches no bug. Hand "
        "the condition and the message as two arguments, without parentheses around both: "
        "`self.assertTrue(math.isclose(a.grad, -3.0), 'd(ab)/da is b')`.")
    at_def, dropped = written["fn-nothing"]["diagnosis"]
    assert (at_def["function"], at_def["title"]) == (
        "test_mul", "`test_mul` checks nothing: it passes whatever the engine computes")
    assert at_def["explanation"] == (
        "Line 4: `test_mul` runs the engine but has no `assert` and no other check (a `self.assert...` call, an "
        "exception raised), so it fails only where the engine raises, never for a wrong number, and catches almost no "
        "bug. Assert what a correct engine gives: `assert abs(a.grad - want) < 1e-9, \"message\"`.")
    assert (dropped["function"], dropped["compared"]) == ("test_tanh", "x.grad == 1 - y.data ** 2")
    assert dropped["explanation"] == (
        "Line 15 (`test_tanh`) computes `x.grad == 1 - y.data ** 2` and throws the result away: a comparison on a line "
        "of its own checks nothing. The test has no `assert` and no other check, so it fails only where the engine "
        "raises, never for a wrong number. Write `assert` before it: `assert x.grad == 1 - y.data ** 2`.")
    for lang in ("ru", "zh"):
        for entry in (tuple_, at_def, dropped):
            words = translator(lang).render(entry["messages"]["explanation"])
            assert words != entry["explanation"] and "throws" not in words and "tuple of" not in words


def _hints(text):
    return [(h["hint"], h["line"]) for h in vacuous_asserts({"test_engine.py": text.encode()})]


@pytest.mark.parametrize("text", [
    "def test_it(self):\n    self.assertTrue(a.grad == 3.0, 'message')\n",
    "def test_it(self):\n    self.assertTrue((a.grad == 3.0))\n",  # parentheses around the condition alone
    "def test_it(self):\n    self.assertFalse((a.grad == 3.0, 'message'))\n",  # always fails: the reference run says
    "def test_it(self):\n    self.assertTrue(())\n",
    "def test_it():\n    check(a.grad, 3.0)\n\ndef check(x, y):\n    assert x == y\n",
    "from helpers import same\n\ndef test_it():\n    same(a.grad, 3.0)\n",  # a helper of the student's own module
    "from engine import Value, same\n\ndef test_it():\n    same(Value(1).grad, 0.0)\n",  # a helper the engine holds
    "import numpy.testing as npt\n\ndef test_it():\n    npt.assert_allclose(a.grad, 3.0)\n",
    "def test_it():\n    with pytest.raises(TypeError):\n        Value(1) + 'x'\n",
    "def test_it():\n    if a.grad != 3.0:\n        raise AssertionError(a.grad)\n",
    "class TestIt:\n    def test_it(self):\n        self.same(a.grad, 3.0)\n\n    def same(self, x, y):\n"
    "        assert x == y\n",
    "@pytest.mark.skip(reason='later')\ndef test_it():\n    pass\n",
    "def helper_without_test_in_its_name():\n    a.grad == 3.0\n",
])
def test_a_check_that_can_fail_or_a_function_that_is_no_test_is_not_named(text):
    assert _hints(text) == []


def test_a_test_of_nothing_but_a_placeholder_is_named_at_its_def():
    assert _hints("import unittest\n\n\nclass T(unittest.TestCase):\n    def test_later(self):\n        pass\n") == [
        ("asserts-nothing", 5)]
    assert _hints("def test_str():\n    self.assertTrue('a.grad is 3')\n") == [("constant-assert", 2)]
    # the engine's class is no check: a test that only makes Values checks nothing
    assert _hints("from engine import Value\n\n\ndef test_make():\n    Value(2.0) * Value(3.0)\n") == [
        ("asserts-nothing", 4)]
