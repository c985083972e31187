"""Session 41's strangers: whole engines and the other exercises' files in styles no earlier fixture has, graded in
one batch.

`tests/fixtures/strangers41/engine/` holds 16 engines written by hand: one typed with postponed annotations whose
binary ops are wrapped at import by a decorator reading `typing.get_type_hints` (an argument annotated `Value` made
one), a walk whose stack is a `queue.LifoQueue`, a Value that refuses `copy`, `deepcopy` and pickling, a `__repr__`
that renders the whole expression recursively (no memo), an engine that turns every warning into an error at import
(`warnings.simplefilter("error")`) and one that lowers the recursion limit to 120, a Value that compares by its
number and so is unhashable (`__hash__ = None`; lists of inputs, a walk by `id()`), ops made by one decorator that
reads each forward function's arity with `inspect.signature`, inputs held by `weakref.ref` (the backward closures
hold them strongly), two parallel tuples paired by `zip(strict=True)` and `itertools.starmap`, Values that are
handles into a module-level list of records (`data` and `grad` properties made in a loop), binary ops installed by
a loop in the class body through `vars()`, a gradient that is None until a pass reaches it (read as 0 through a
property), leaves and results of two classes (`Value` and a `Node` subclass), a notebook whose engine spans six
cells with their outputs and whose last cell's `assert` fails, and an LMS zip holding a student's zip.
`PLANTED` plants one classic mistake of shared/course.md in 10 of them in new guises.
`tests/fixtures/strangersx41/<exercise>/` holds 10 correct files of the other exercises: a gradcheck whose result
is `GradcheckResult._make` of a generator and one made by a checker factory with `math.fsum`, an MLP whose
`parameters()` are generators everywhere and one whose neuron is a dot product with an augmented input, a Dual
whose `__rpow__` goes through exp and log, a 09 test file of property loops over fixed grids with
`pytest.approx(..., rel=)`, a neuron whose weights sit in a dict and one built with `zip(strict=True)`, a fit_line
with the closed-form least-squares answer beside it and one whose mean divides by a `Value`.

What these found (before -> after):
- correct-six-cells-assert-fails scored 0/63 ("AssertionError: my friend's answer sheet says 7.5?", cell 8): the
  notebook's code cells run joined as one module, and the demo cell's failing assert ended the import, where
  Jupyter's Run All had the engine working. A notebook's module (the loader's Submission.notebooks) whose import raises is now
  graded as Run All leaves it: the worker keeps the namespace of the cells before it (sandbox/raised.ran_cells,
  when a class `Value` is defined by then and the exception is no MemoryError), and the engine/imports test (0
  points) names the cell and its error: 63/63. A .py file that raises at import still fails whole, as Python's
  import does. Other tables it moved (each was 0/63, "could not be used"): strangers31's shape-colab-drive and
  shape-error-left, strangers33's shape-erroring-cell, seams33's tape-cell3, fresh22's raises-last-cell, fresh24's
  middle-raises (63/63: the cell below that patches tanh wrongly never runs) and jupyter-lists (59/63: its demo
  cell raises in the engine's own tanh typo, which the tanh tests then charge).
- Every other entry scored full as written, with no finding; every planted mistake loses its tests once and is
  named at its line. bug-records-pow-float-no-minus-one (the - 1 kept for a whole exponent only) is named as
  pow's rule k · x**k where k is not whole (session 42, diag42; before: unmatched), not as pow-no-minus-one: that
  variant's guise is an exponent of every kind.

`grade check` (correct-copy-refused, bug-starmap-rsub-order), `grade ci` (correct-lms-nested) and a notebook's
check() (correct-six-cells-assert-fails) say `grade run`'s row.
"""
from pathlib import Path

import pytest
from costs import slow_fixture
from test_fresh_styles import _rows, assert_scored_and_named
from test_strangers36 import assert_a_surface_says_the_row, graded_class
from test_strangersx38 import solutions_class

ROOT = Path(__file__).parent.parent
FRESH = Path(__file__).parent / "fixtures" / "strangers41"
FRESH_X = Path(__file__).parent / "fixtures" / "strangersx41"

# id -> (the case it is planted in, [(text, replaced by), ...])
PLANTED = {
    # log's slope as one over its output, written as a lambda that cannot see the output node
    "bug-hints-log-over-output": ("correct-type-hints-coerce", [("lambda: (1 / self.data,))",
                                                                "lambda: (1 / math.log(self.data),))")]),
    "bug-lifo-mul-assign": ("correct-lifoqueue-postorder", [(
        "            self.grad += other.data * out.grad\n            other.grad += self.data * out.grad",
        "            self.grad = other.data * out.grad\n            other.grad = self.data * out.grad")]),
    # `2 - a` answered as `a - 2`, through the reflected method only
    "bug-starmap-rsub-order": ("correct-starmap-strict-zip", [("return Value.wrap(other) + -self",
                                                               "return self + -Value.wrap(other)")]),
    "bug-weakref-forward-order": ("correct-weakref-parents", [("for node in reversed(topo):", "for node in topo:")]),
    "bug-vars-mul-self-data": ("correct-class-body-vars", [("lambda x, y: (y, x)", "lambda x, y: (x, x)")]),
    # the - 1 kept for a whole exponent only
    "bug-records-pow-float-no-minus-one": ("correct-handle-records", [(
        "return Value(self.data ** k, ((self, k * self.data ** (k - 1)),))",
        "return Value(self.data ** k, ((self, k * self.data ** (k - 1) if isinstance(k, int)\n"
        "                                       else k * self.data ** k),))")]),
    "bug-assert-cells-neg-self": ("correct-six-cells-assert-fails.ipynb", [("Value.__neg__ = lambda v: v * -1",
                                                                            "Value.__neg__ = lambda v: v")]),
    # the walk's visited test gone: a node shared in a diamond is expanded (and its rule run) twice
    "bug-unhashable-no-visited": ("correct-unhashable-eq-data", [(
        "            if id(child) not in seen:\n                seen.add(id(child))\n"
        "                stack.append((child, 0))",
        "            stack.append((child, 0))")]),
    "bug-lazy-grad-starts-one": ("correct-none-grad-until-touched", [("        self._grad = None\n",
                                                                      "        self._grad = 1\n")]),
    # tanh's value from math.tanh of the input, its slope from the input too
    "bug-node-tanh-input": ("correct-leaf-and-node-classes", [("lambda g: ((1 - t * t) * g,)",
                                                               "lambda g: ((1 - self.data ** 2) * g,)")]),
}


@slow_fixture(scope="module")
def graded(tmp_path_factory):
    """Every entry graded by `grade run` once: (the engines' class folder, {id: row}, {exercise: {id: row}})."""
    folder, rows = graded_class(tmp_path_factory.mktemp("strangers41"), FRESH / "engine", PLANTED)
    others = {exercise: _rows(tmp_path_factory, exercise, make=solutions_class, fresh=FRESH_X, planted={})
              for exercise in sorted(p.name for p in FRESH_X.iterdir())}
    return folder, rows, others


@slow_fixture(scope="module")
def rows(graded):
    return graded[1]


CORRECT = sorted(p.name.removesuffix(".ipynb").removesuffix(".zip") for p in (FRESH / "engine").iterdir())
# id -> (score, the tests not passed or how many, diagnosis)
TABLE = {
    **{case: (63.0, [], []) for case in CORRECT},
    # before: 0/63, "AssertionError: my friend's answer sheet says 7.5?"; the import test (0 points) still says it
    "correct-six-cells-assert-fails": (63.0, ["engine/imports"], []),
    "bug-hints-log-over-output": (61.0, ["log/small", "log/values"], [("variant", "log-output", "exact")]),
    "bug-lifo-mul-assign": (35.0, 20, [("variant", "mul-assign-not-accumulate", "exact")]),
    "bug-starmap-rsub-order": (62.0, ["sub/constant"], [("variant", "rsub-order", "exact")]),
    "bug-weakref-forward-order": (14.1667, 41, [("variant", "forward-order", "exact")]),
    "bug-vars-mul-self-data": (17.5, 39, [("variant", "mul-self-data", "style")]),
    # pow/cube (a whole exponent) passes; named as pow's rule, the variant pow-no-minus-one being every exponent's
    "bug-records-pow-float-no-minus-one": (62.6667, ["pow/fractional"],
                                           [("derivative", "pow", "k-not-k-1-fractional-k")]),
    "bug-assert-cells-neg-self": (62.0, ["engine/imports", "neg/values"], [("variant", "neg-self", "exact")]),
    "bug-unhashable-no-visited": (50.25, 7, [("variant", "no-visited", "style")]),
    "bug-lazy-grad-starts-one": (3.0, 48, [("variant", "grad-starts-one", "exact")]),
    "bug-node-tanh-input": (60.0, ["tanh/negative", "tanh/saturated", "tanh/two"],
                            [("variant", "tanh-input", "exact")]),
}

FULL = {"06-gradcheck": 15.0, "07-mlp-xor": 24.0, "08-dual-numbers": 20.0, "09-write-tests": 38.0, "10-neuron": 16.0,
        "11-fit-line": 13.0}


def test_every_submission_is_in_the_table(rows, graded):
    assert len(CORRECT) == 16 and len(PLANTED) == 10
    assert sorted(rows) == sorted(TABLE) == sorted([*CORRECT, *PLANTED])
    others = graded[2]
    assert sorted(others) == sorted(FULL)
    assert sum(len(r) for r in others.values()) == 10


@pytest.mark.parametrize("case", sorted(TABLE))
def test_each_engine_scores_and_is_named(rows, case):
    assert rows[case]["status"] == "graded", rows[case]["message"]
    assert_scored_and_named(rows[case], TABLE[case])


@pytest.mark.parametrize("exercise", sorted(FULL))
def test_each_file_of_the_other_exercises_scores_full_without_a_finding(graded, exercise):
    for case, row in graded[2][exercise].items():
        assert (case, row["status"], row["score"], row["max_score"], row["diagnosis"]) == (
            case, "graded", FULL[exercise], FULL[exercise], [])


@pytest.mark.parametrize("case,place", [
    ("bug-hints-log-over-output", ("engine.py", 69, None)),  # `lambda: (1 / math.log(self.data),)`
    ("bug-lazy-grad-starts-one", ("engine.py", 9, None)),  # `self._grad = 1`
    ("bug-lifo-mul-assign", ("engine.py", 33, None)),  # `self.grad = other.data * out.grad`
    ("bug-node-tanh-input", ("engine.py", 31, None)),
    ("bug-records-pow-float-no-minus-one", ("engine.py", 31, None)),
    ("bug-starmap-rsub-order", ("engine.py", 55, None)),  # `return self + -Value.wrap(other)`
    ("bug-unhashable-no-visited", ("engine.py", 59, None)),  # the walk, its visited test gone
    ("bug-vars-mul-self-data", ("engine.py", 30, None)),  # mul's row of the class body's table
    ("bug-weakref-forward-order", ("engine.py", 97, None)),  # `for node in topo:`
    ("bug-assert-cells-neg-self", ("bug-assert-cells-neg-self.ipynb", 11, 4)),  # `Value.__neg__ = lambda v: v`
])
def test_a_finding_names_its_line(rows, case, place):
    finding = rows[case]["diagnosis"][0]
    assert (finding.get("file"), finding.get("line"), finding.get("cell")) == place


@pytest.mark.parametrize("case", ["correct-six-cells-assert-fails", "bug-assert-cells-neg-self"])
def test_a_notebook_whose_last_cell_raises_is_graded_as_run_all_leaves_it(rows, case):
    test = next(t for t in rows[case]["tests"] if t["name"] == "engine/imports")
    assert (test["status"], test["max_score"], test["output"]) == ("failed", 0.0, (
        f"{case}.ipynb stopped at a cell that raised AssertionError: my friend's answer sheet says 7.5? ({case}.ipynb, "
        "cell 8, line 1): the cells before it were graded, as Jupyter's Run All leaves them. Fix that cell or remove "
        "it."))


@pytest.mark.parametrize("case,surface", [
    ("correct-copy-refused", "check"), ("bug-starmap-rsub-order", "check"), ("correct-lms-nested", "ci"),
    ("correct-six-cells-assert-fails", "notebook"),
])
def test_a_students_surface_says_what_grade_run_says(graded, tmp_path, case, surface):
    assert_a_surface_says_the_row(graded[:2], tmp_path, case, surface)


# -- the mechanisms, without a sandbox ---------------------------------------------------------------------------


def _raised():
    import importlib.util

    spec = importlib.util.spec_from_file_location("raised41", ROOT / "grader" / "sandbox" / "raised.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("code,kept", [
    ("class Value:\n    pass\nassert 1 == 2, 'demo'\nlater = 1\n", True),  # what ran before the raise
    ("x = 1\nraise RuntimeError('before the class')\nclass Value:\n    pass\n", False),  # no Value by then
    ("class Value:\n    pass\nraise MemoryError\n", False),  # a limit, not the code's own error
])
def test_the_namespace_a_raising_module_left_is_the_module(tmp_path, code, kept):
    import sys

    path = tmp_path / "nbmod41.py"
    path.write_text(code)
    sys.path.insert(0, str(tmp_path))
    try:
        with pytest.raises(BaseException) as raised:
            __import__("nbmod41")
        module = _raised().ran_cells(raised.value, "nbmod41", str(path))
        assert (module is not None) is kept
        if kept:
            assert sys.modules["nbmod41"] is module and isinstance(module.Value, type) and not hasattr(module, "later")
    finally:
        sys.path.remove(str(tmp_path))
        sys.modules.pop("nbmod41", None)


def test_the_worker_s_report_of_a_raising_cell_is_checked():
    from grader.observe.protocol import ProtocolError, parse_event

    line = (b'{"event":"imported","ok":true,"stopped":{"error":"AssertionError: x","exception":"AssertionError",'
            b'"where":["engine.py",97,"<module>"]}}')
    assert parse_event(line, None)["stopped"] == {"error": "AssertionError: x", "exception": "AssertionError",
                                                  "where": {"file": "engine.py", "line": 97, "function": "<module>"},
                                                  "facts": None}
    with pytest.raises(ProtocolError):
        parse_event(b'{"event":"imported","ok":true,"stopped":{"error":7}}', None)
    # session 42 (diag42): the cell's facts (a write into the read-only folder's errno), checked as a probe's are
    facts = (b'{"raised_in":null,"entered":null,"name":null,"owner":null,"operator":null,"missing":[],'
             b'"errno":%s}')
    line = (b'{"event":"imported","ok":true,"stopped":{"error":"OSError: x","exception":"OSError","where":null,'
            b'"facts":' + facts % b"30" + b'}}')
    assert parse_event(line, None)["stopped"]["facts"] == {"errno": 30, "raised_in": None, "entered": None,
                                                           "name": None, "owner": None, "operator": None,
                                                           "missing": []}
    with pytest.raises(ProtocolError):
        parse_event(line.replace(b"30}", b'"30"}'), None)
