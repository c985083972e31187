"""Session 36's strangers: engines in styles no earlier fixture has, graded in one batch.

`tests/fixtures/strangers36/engine/` holds 20 engines written by hand in styles no earlier fixture uses: the graph
kept in an in-memory SQLite database (a row a node, a row an edge, the order from a recursive query, gradients
summed by `UPDATE ... SET grad = grad + ?`), hash-consing (an expression built twice from the same nodes is one
node), names in Greek letters (`ψ`, `τ`, `δ`), a port from Go (receivers named `v`, `NewValue` returning
`(value, err)`, ops as integer constants), a functional pipeline (`functools.reduce` and `map` instead of loops),
the class made by a factory function (`Value = make_value_class()`), a leaf that becomes a result by assigning its
`__class__` (the State pattern), every node a `copy.copy` of a prototype, the Observer pattern (inputs subscribe
to the nodes made from them; a node publishes once all its consumers have reported), Lisp-style expressions
(`["*", a, b]`) interpreted by a table of derivative rules, Cython's pure-Python mode with its shim
(`@cython.cclass`, `cython.declare`), two doubles a node packed into one `bytearray` with `struct`, Spanish names
with the course's as aliases (`Valor`, `retropropagar`; `Value = Valor`), local derivatives memoised with
`functools.lru_cache`, strict typing (`typing.overload`, `Final`, `Protocol`, `Self`), `logging` records of every
op and a `warnings.warn`, tanh built from exp (no rule of its own) and log computed with `math.log1p`, an engine.py
that re-exports `Scalar` from the student's autograd.py, a notebook of 25 cells (one op a cell attached with
`Value.__mul__ = _mul`, sources as strings and as lists, CRLF in a cell, shell escapes, `%%time`, outputs), and
the engine handed in as a package that imports itself by its full name (`engine/__init__.py` saying `from
engine.scalar import Value`, its modules saying `from engine.walk import ...`). `PLANTED` plants one classic
mistake of shared/course.md in 14 of them, each a different one in a new guise: `=` written in SQL (`SET grad =
?`), mul's rule from the node's own data in a hash-consed table, tanh's from the input with Greek names, no seed
in a Go port, the walk forwards inside `reduce`, `2 - a` backwards in a factory's class, exp's from the input in
an Observer, pow without the -1 in a package's module, negation returning itself in a notebook cell, subtraction
as addition in Spanish, gradients starting at 1 packed by struct, relu'(0) = 1 in an lru_cache'd helper, tanh's
1 - t in a Lisp rule table, log's as 1/output with log1p.

What these found (before -> after):
- The engine handed in as a package whose files import it by its full name (`from engine.scalar import Value`)
  scored 0/63: "engine/__init__.py could not be used: ModuleNotFoundError: No module named 'engine.scalar';
  'engine' is not a package". Python imports that folder as the package `engine`, so its absolute imports of
  itself work; grader/load/levels.py's `_as_package` now makes such an engine the package `engine` itself (its
  `__init__.py` engine.py, the sandbox giving that module the submission's folder as its `__path__`,
  grader/sandbox/as_package.py): 63/63, and its planted pow without the -1 61/63, named at engine/scalar.py.
- A seed never set in a `backward` bound to the class outside its body (`Value.backward = Backward`, the Go port)
  and a walk forwards written as a fold (`reduce(push, self._order(), None)`) were named without a line: now at the
  `def Backward(v):` (line 76) and the `reduce` (line 48): grader/diagnose/seed_source.backward_functions,
  source_tree.loops_of. No score moved.
- Every other correct engine 63/63 as written; every planted mistake loses the points of its test, once, and is
  named; 12 of 14 name their line. Left without one: `=` written inside an SQL string (`SET grad = ?`) and a
  gradient that starts at 1 as an argument of `struct.pack`.
- `grade check`, `grade ci --json-out`, Gradescope's autograder and a notebook's check() (the two notebooks) say
  `grade run`'s row for all 34 entries (bench/seams/matrix.py's comparison, field by field), but for a check's
  fixed inputs where the row's drawn ones fail more (bug-reduce-forward-order, bug-sqlite-set-grad: 2 points).

Graded in one batch: 34 rows, 6.7 s of CPU (user + sys, `/usr/bin/time python -m pytest -q -n 0` on this module
with its surface tests, under load 10 on two cores).
"""
import sys
from pathlib import Path

import pytest
from costs import slow_fixture
from test_fresh_styles import LIMITS, assert_scored_and_named
from test_strangers27 import planted_class

from grader.integrations.ci import student_record
from grader.pipeline import grade

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench" / "seams"))
import matrix  # noqa: E402

sys.path.pop(0)

FRESH = Path(__file__).parent / "fixtures" / "strangers36"

# id -> (the case it is planted in, [(text, replaced by), ...])
PLANTED = {
    "bug-sqlite-set-grad": ("correct-sqlite-graph", [("SET grad = grad + ? WHERE id = ?", "SET grad = ? WHERE id = ?")]),
    "bug-hash-consed-mul-self-data": ("correct-hash-consed", [(
        'return _cons("*", (self, other), self.data * other.data, (other.data, self.data))',
        'return _cons("*", (self, other), self.data * other.data, (self.data, self.data))')]),
    "bug-greek-tanh-input": ("correct-greek-math-names", [("(1 - τ ** 2,)", "(1 - self.data ** 2,)")]),
    "bug-go-no-seed": ("correct-go-receivers", [("    v.grad = 1.0\n", "")]),
    "bug-reduce-forward-order": ("correct-reduce-pipeline", [("reduce(push, reversed(self._order()), None)",
                                                              "reduce(push, self._order(), None)")]),
    "bug-factory-rsub-order": ("correct-class-factory", [("return self.wrap(other) - self",
                                                          "return self - self.wrap(other)")]),
    "bug-observer-exp-input": ("correct-observer-events", [("[(self, e)]", "[(self, self.data)]")]),
    "bug-package-pow-no-minus-one": ("correct-absolute-package", [("(k * self.data ** (k - 1),)",
                                                                   "(k * self.data ** k,)")]),
    "bug-cells-neg-self": ("correct-many-cells.ipynb", [("Value.__neg__ = lambda self: self * -1\\n",
                                                         "Value.__neg__ = lambda self: self\\n")]),
    "bug-spanish-sub-as-add": ("correct-spanish-names", [("return self.sumar(Valor.comoValor(otro).negativo())",
                                                          "return self.sumar(Valor.comoValor(otro))")]),
    "bug-struct-grad-starts-one": ("correct-struct-bytes", [("_NODE.pack(float(data), 0.0)",
                                                             "_NODE.pack(float(data), 1.0)")]),
    "bug-lru-relu-at-zero": ("correct-lru-cache-rules", [("return 1.0 if x > 0 else 0.0",
                                                          "return 1.0 if x >= 0 else 0.0")]),
    "bug-sexpr-tanh-one-minus-t": ("correct-sexpr-symbolic", [("(1 - r * r,)", "(1 - r,)")]),
    "bug-log1p-log-output": ("correct-tanh-exp-log1p", [("(1 / self.data,)", "(1 / math.log1p(self.data - 1),)")]),
}


def graded_class(tmp, engines, planted):
    """Each engine of ENGINES handed in, each of PLANTED (an entry of the same kind as its case: a folder or a file),
    graded by `grade run` once in TMP: (the class's folder, {id: row}). Session 37's strangers are graded so too."""
    (tmp / "class").mkdir()
    planted_class(tmp / "class", engines, planted)
    result = grade(tmp / "class", exercise="engine", limits=LIMITS, jobs=2, cache_dir=tmp / "cache")
    return tmp / "class", {row["id"]: row for row in result.scores["submissions"]}


@slow_fixture(scope="module")
def graded(tmp_path_factory):
    """The class graded by `grade run` once: (its folder, {id: row})."""
    return graded_class(tmp_path_factory.mktemp("strangers36"), FRESH / "engine", PLANTED)


@slow_fixture(scope="module")
def rows(graded):
    return graded[1]


CORRECT = sorted(p.name.removesuffix(".ipynb") for p in (FRESH / "engine").iterdir())
# id -> (score, the tests not passed or how many, diagnosis)
TABLE = {
    # before: correct-absolute-package 0/63 ("'engine' is not a package")
    **{case: (63.0, [], []) for case in CORRECT},
    "bug-sqlite-set-grad": (23.8334, 31, [("variant", "assign-not-accumulate-everywhere", "style")]),
    "bug-hash-consed-mul-self-data": (17.5, 39, [("variant", "mul-self-data", "style")]),
    "bug-greek-tanh-input": (60.0, ["tanh/negative", "tanh/saturated", "tanh/two"],
                             [("variant", "tanh-input", "exact")]),
    "bug-go-no-seed": (4.0, 47, [("variant", "no-seed", "exact")]),
    "bug-reduce-forward-order": (14.1667, 41, [("variant", "forward-order", "exact")]),
    "bug-factory-rsub-order": (62.0, ["sub/constant"], [("variant", "rsub-order", "exact")]),
    "bug-observer-exp-input": (61.0, ["exp/negative", "exp/values"], [("variant", "exp-input", "exact")]),
    # before: 0/63 as its correct engine was
    "bug-package-pow-no-minus-one": (61.0, ["pow/cube", "pow/fractional"],
                                     [("variant", "pow-no-minus-one", "exact")]),
    "bug-cells-neg-self": (62.0, ["neg/values"], [("variant", "neg-self", "exact")]),
    "bug-spanish-sub-as-add": (61.0, ["sub/constant", "sub/values"], [("variant", "sub-as-add", "style")]),
    "bug-struct-grad-starts-one": (3.0, 48, [("variant", "grad-starts-one", "exact")]),
    "bug-lru-relu-at-zero": (62.0, ["relu/zero"], [("variant", "relu-at-zero", "exact")]),
    "bug-sexpr-tanh-one-minus-t": (60.0, ["tanh/negative", "tanh/saturated", "tanh/two"],
                                   [("variant", "tanh-one-minus-t", "exact")]),
    "bug-log1p-log-output": (61.0, ["log/small", "log/values"], [("variant", "log-output", "exact")]),
}


def test_every_submission_is_in_the_table(rows):
    assert sorted(rows) == sorted(TABLE) == sorted([*CORRECT, *PLANTED])


@pytest.mark.parametrize("case", sorted(TABLE))
def test_each_submission_scores_and_is_named(rows, case):
    assert rows[case]["status"] == "graded", rows[case]["message"]
    assert_scored_and_named(rows[case], TABLE[case])


@pytest.mark.parametrize("case,place", [
    ("bug-package-pow-no-minus-one", ("engine/scalar.py", 26, None)),  # a module of the package `engine`
    ("bug-cells-neg-self", ("bug-cells-neg-self.ipynb", 10, 12)),  # `Value.__neg__ = lambda self: self`, cell 12
    ("bug-go-no-seed", ("engine.py", 76, None)),  # before: none; `def Backward(v):`, bound as `Value.backward`
    ("bug-reduce-forward-order", ("engine.py", 48, None)),  # before: none; `reduce(push, self._order(), None)`
    ("bug-hash-consed-mul-self-data", ("engine.py", 40, None)),
    ("bug-greek-tanh-input", ("engine.py", 33, None)),
    ("bug-factory-rsub-order", ("engine.py", 74, None)),  # inside the class the factory makes
    ("bug-observer-exp-input", ("engine.py", 44, None)),
    ("bug-spanish-sub-as-add", ("engine.py", 50, None)),  # `restar`, bound as `__sub__`
    ("bug-sexpr-tanh-one-minus-t", ("engine.py", 10, None)),  # the rule table's entry
    ("bug-log1p-log-output", ("engine.py", 29, None)),
    # relu's line, whose lambda calls the helper `d_relu` during backward(): the `>=` is in d_relu, line 24
    ("bug-lru-relu-at-zero", ("engine.py", 49, None)),
    # left: `=` inside an SQL string (`SET grad = ?`), a gradient that starts at 1 as a `struct.pack` argument
    ("bug-sqlite-set-grad", (None, None, None)),
    ("bug-struct-grad-starts-one", (None, None, None)),
])
def test_a_finding_names_its_line(rows, case, place):
    finding = rows[case]["diagnosis"][0]
    assert (finding.get("file"), finding.get("line"), finding.get("cell")) == place


@pytest.mark.parametrize("case,surface", [
    ("correct-absolute-package", "check"), ("correct-absolute-package", "ci"), ("bug-package-pow-no-minus-one", "ci"),
    ("correct-many-cells", "notebook"), ("bug-cells-neg-self", "notebook"), ("bug-go-no-seed", "check"),
    ("bug-reduce-forward-order", "ci"), ("bug-sqlite-set-grad", "ci"),
])
def test_a_students_surface_says_what_grade_run_says(graded, tmp_path, case, surface):
    """`grade check`, `grade ci --json-out` and a notebook's check() after Run All (bench/seams/matrix.py) give the
    row `grade run` gave, as its student may see it: score, tests, findings and their places, field by field (a
    notebook names its places its own way). Measured on all 34 entries with Gradescope's autograder too: they
    agree, but for `grade check`'s fixed inputs (bug-reduce-forward-order 16.1667 checked, 14.1667 graded;
    bug-sqlite-set-grad 25.8334 and 23.8334), by design (docs/security.md)."""
    assert_a_surface_says_the_row(graded, tmp_path, case, surface)


def assert_a_surface_says_the_row(graded, tmp_path, case, surface):
    """`surface` (check, ci or notebook) says of CASE, an entry of the class GRADED holds, the row `grade run` gave it
    as its student may see it (a notebook names its places its own way: they are left out)."""
    folder, rows = graded
    entry = next(p for p in folder.iterdir() if p.name.removesuffix(".ipynb").removesuffix(".zip") == case)
    said = {"check": matrix.check_row, "ci": lambda path: matrix.ci_row(path, tmp_path),
            "notebook": matrix.notebook_row}[surface](entry)
    reference, got = matrix.summary(student_record(rows[case])), matrix.summary(said)
    got["status"] = got["status"] or reference["status"]  # a check has no status but `rejected`
    reference, got = matrix._comparable(surface, reference), matrix._comparable(surface, got)
    assert {k: v for k, v in got.items() if surface != "notebook" or k != "place"} == \
        {k: v for k, v in reference.items() if surface != "notebook" or k != "place"}


def assert_the_correct_files_score_full(graded, exercise, full):
    """Each `correct-` file of another exercise in GRADED (strangersx38's solutions_class) scores FULL[exercise] with
    no finding (test_strangers42, test_strangers44)."""
    for case, row in graded[2][exercise].items():
        if case.startswith("correct-"):
            assert (case, row["status"], row["score"], row["max_score"], row["diagnosis"]) == (
                case, "graded", full[exercise], full[exercise], [])


def assert_a_planted_mistake_costs_its_one_test(row, expected, spared_tests, exact=False):
    """ROW loses EXPECTED = (score, test, words) on that one test, whose output is WORDS (EXACT) or begins with them,
    and the tests SPARED_TESTS, which meet the same mistake later, each say it is not charged again by that test."""
    score, test, words = expected
    failing = [t for t in row["tests"] if t["status"] != "passed"]
    assert (row["score"], [t["name"] for t in failing]) == (score, [test])
    assert failing[0]["output"] == words if exact else failing[0]["output"].startswith(words)
    spared = {t["name"]: t["output"] for t in row["tests"] if t["output"].startswith("Not charged again")}
    assert sorted(spared) == spared_tests
    assert [name for name, said in spared.items() if not said.endswith(f"which {test} already charges.")] == []
