"""Session 40's strangers: whole engines and the other exercises' files in styles no earlier fixture has, graded in
one batch.

`tests/fixtures/strangers40/engine/` holds 16 engines written by hand: a Value that subclasses
`types.SimpleNamespace` (identity equality and hashing put back), one made by `type("Value", (), namespace)` from
plain functions (its rules closures bound by default arguments in a loop), local slopes written as text formulas
compiled once and looked up through a `collections.ChainMap`, `__pow__` taking Python's third modulo argument and
division written once, in `__rtruediv__` (`a / b` asks b), a helper module named `random.py` beside engine.py
(`from random import as_value, lcg`) and one named `copy.py`, an engine that prints 5 MB at import, the engine as a
package re-exporting from `engine/_core.py` with relative imports, gradients kept outside `__slots__` Values in a
`weakref.WeakKeyDictionary`, each gradient the `math.fsum` of a list of contributions behind a property, a Value that
subclasses `tuple`, comparisons that return Values (`relu` as `self * (self > 0)`), Russian names (`Value =
Величина`), backward() by consumer counts and a deque (Kahn's), a notebook whose first draft of the class is replaced
by a later cell, and a zip from an IDE with its `__pycache__` (a stale `.pyc` of an older, buggy engine),
`.ipynb_checkpoints` and `.idea`. `PLANTED` plants one classic mistake of shared/course.md in 10 of them in new
guises. `tests/fixtures/strangersx40/<exercise>/` holds 10 correct files of the other exercises: gradcheck's result
by `collections.namedtuple`'s functional form, an MLP whose layers sit in a dict and one whose Layer and MLP
subclass `list`, a Dual that subclasses `tuple` and one whose functions are installed by `setattr` from a table, a
09 test file whose leaves come from pytest fixtures in a conftest.py beside it, a neuron called with `*args`, one
written with `**kwargs`, a fit_line with a learning-rate schedule and one whose loss is an object.

What these found (before -> after):
- bug-step-relu-at-zero lost relu/zero and, 0.25 more, random/torch-9-16 (a graph meeting relu at exactly 0):
  relu as `self * (self >= 0)` is a composition of mul right at the one point the composition probe tries
  (judge/composition.py's caveat), so the graph's failure went to mul, which nothing charges. A composition whose
  own isolating probes are wrong while none of the ops it calls is wrong is an op of its own
  (charging.refuted_compositions): 62/63, charged once.
- correct-draft-redefined (a draft `class Value` with `=` in its rule, replaced by a later cell's `class Value`)
  scored 63/63 with an assign-grad hint at the draft's line: a later `class C` now supersedes every method of the
  draft (source_tree.superseded), but for one built on it, `class C(C):`: no finding.
- correct-conftest-fixtures scored 0/38: the 09 runner had no fixtures ("pytest fixtures are not available
  here"). `pytest.fixture` is now in the stand-in and the runner hands the file's and conftest.py's fixtures to the
  tests that name them (probes_pytest.Fixtures: scopes, autouse, yield teardown): 38/38.
- Every other entry scored full as written, with no finding; every planted mistake loses its tests once and is named,
  each at its line but bug-late-binding-rules (named by add's and mul's rules as unmatched, at their methods: the
  closures' late binding is no variant of the course's).

`grade check` (correct-random-shadow, bug-step-relu-at-zero), `grade ci --json-out` (correct-copy-shadow) and a
notebook's check() (correct-draft-redefined) say `grade run`'s row; the fleet (a redis-server and one `grade worker`,
bench/seams/matrix.py's fleet_rows, run by hand) gave all 26 engine rows' status, score and findings as `grade run`.

correct-random-shadow 0/63 ("cannot import name 'as_value' from 'random' (/usr/lib/python3.11/random.py)") and
correct-copy-shadow 2/63 were left here: a helper named as a standard module; 63/63 each since stdlib41 (the loader
carries it where their file imports it, the worker imports it for their imports only: tests/test_stdlib41.py).

Graded in one module fixture: 26 engine rows in one batch, then one `grade` per other exercise (6): the module 23.7 s
of CPU cold (20.9 user + 2.8 sys, 144 s wall) and 8.9 s warm (`/usr/bin/time python -m pytest -q -n 0
tests/test_strangers40.py`, under load 11-19 on two cores).
"""
import ast
import importlib.util
import sys
from pathlib import Path

import pytest
from costs import slow_fixture
from test_fresh_styles import _rows, assert_scored_and_named
from test_strangers36 import assert_a_surface_says_the_row, graded_class
from test_strangersx38 import solutions_class

ROOT = Path(__file__).parent.parent
FRESH = Path(__file__).parent / "fixtures" / "strangers40"
FRESH_X = Path(__file__).parent / "fixtures" / "strangersx40"

# id -> (the case it is planted in, [(text, replaced by), ...])
PLANTED = {
    # the rules made in a loop without binding the loop's names: each rule of a node uses its last input
    "bug-late-binding-rules": ("correct-type-call-built", [("def rule(parent=parent, slope=slope):", "def rule():")]),
    # `+=` on the data instead of the gradient
    "bug-namespace-data-plus-equals": ("correct-simplenamespace", [("other.grad += self.data * out.grad",
                                                                    "other.data += self.data * out.grad")]),
    # the walk's visited test gone: a node shared in a diamond is listed twice
    "bug-tuple-diamond-twice": ("correct-tuple-subclass", [("            if node in seen:\n                continue\n",
                                                            "")]),
    "bug-kahn-exp-input": ("correct-kahn-consumers", [("lambda g: (g * e,)", "lambda g: (g * self.data,)")]),
    "bug-step-relu-at-zero": ("correct-eq-returns-value", [("return self * (self > 0)", "return self * (self >= 0)")]),
    # the one division written backwards: `2 / a` and, through it, `a / b`
    "bug-rtruediv-only-swapped": ("correct-pow-modulo-rtruediv", [("return self._v(other) * self ** -1",
                                                                   "return self * self._v(other) ** -1")]),
    "bug-random-shadow-no-seed": ("correct-random-shadow", [("        self.grad = 1\n", "")]),
    "bug-package-tanh-one-minus-t": ("correct-relative-package", [("((1 - t ** 2) * g,)", "((1 - t) * g,)")]),
    "bug-weakkey-assign": ("correct-weakkey-grads", [("kid.grad += local * g", "kid.grad = local * g")]),
    # in the cell that replaces the draft
    "bug-draft-neg-self": ("correct-draft-redefined.ipynb", [("Value.__neg__ = lambda self: self * -1",
                                                              "Value.__neg__ = lambda self: self")]),
}


@slow_fixture(scope="module")
def graded(tmp_path_factory):
    """Every entry graded by `grade run` once: (the engines' class folder, {id: row}, {exercise: {id: row}})."""
    folder, rows = graded_class(tmp_path_factory.mktemp("strangers40"), FRESH / "engine", PLANTED)
    others = {exercise: _rows(tmp_path_factory, exercise, make=solutions_class, fresh=FRESH_X, planted={})
              for exercise in sorted(p.name for p in FRESH_X.iterdir())}
    return folder, rows, others


@slow_fixture(scope="module")
def rows(graded):
    return graded[1]


CORRECT = sorted(p.name.removesuffix(".ipynb").removesuffix(".zip") for p in (FRESH / "engine").iterdir())
# id -> (score, the tests not passed or how many, diagnosis)
TABLE = {
    # before: correct-draft-redefined an assign-grad hint
    **{case: (63.0, [], []) for case in CORRECT},
    # before stdlib41: correct-random-shadow 0/63, correct-copy-shadow 2/63 (a helper named as a standard module)
    "bug-late-binding-rules": (12.1667, 43, [("derivative", "mul", "unmatched"), ("derivative", "add", "unmatched"),
                                             ("derivative", "rtruediv", "times-constant"),
                                             ("derivative", "neg", "no-gradient")]),
    "bug-namespace-data-plus-equals": (21.0, 36, [("derivative", "mul", "in-place")]),
    "bug-tuple-diamond-twice": (50.25, 7, [("variant", "no-visited", "style")]),
    "bug-kahn-exp-input": (61.0, ["exp/negative", "exp/values"], [("variant", "exp-input", "exact")]),
    # before: 61.75, random/torch-9-16 charged too
    "bug-step-relu-at-zero": (62.0, ["relu/zero"], [("variant", "relu-at-zero", "exact")]),
    # div/values is `a / b` built on the same `__rtruediv__`: not charged again
    "bug-rtruediv-only-swapped": (62.0, ["div/constant"], [("derivative", "rtruediv", "self-over-other")]),
    # before stdlib41: 0/63 as its correct engine
    "bug-random-shadow-no-seed": (4.0, 47, [("variant", "no-seed", "exact")]),
    "bug-package-tanh-one-minus-t": (60.0, ["tanh/negative", "tanh/saturated", "tanh/two"],
                                     [("variant", "tanh-one-minus-t", "exact")]),
    "bug-weakkey-assign": (23.8334, 31, [("variant", "assign-not-accumulate-everywhere", "exact")]),
    # before: the draft's assign-grad hint beside it
    "bug-draft-neg-self": (62.0, ["neg/values"], [("variant", "neg-self", "exact")]),
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
    # before: 09's correct-conftest-fixtures 0/38, each test "missing 1 required positional argument"
    for case, row in graded[2][exercise].items():
        assert (case, row["status"], row["score"], row["max_score"], row["diagnosis"]) == (
            case, "graded", FULL[exercise], FULL[exercise], [])


@pytest.mark.parametrize("case,place", [
    ("bug-namespace-data-plus-equals", ("engine.py", 33, None)),  # `other.data += self.data * out.grad`
    ("bug-tuple-diamond-twice", ("engine.py", 56, None)),  # the walk
    ("bug-kahn-exp-input", ("engine.py", 38, None)),  # `lambda g: (g * self.data,)`
    ("bug-step-relu-at-zero", ("engine.py", 73, None)),  # `return self * (self >= 0)`
    ("bug-rtruediv-only-swapped", ("engine.py", 44, None)),  # `return self * self._v(other) ** -1`
    ("bug-random-shadow-no-seed", ("engine.py", 75, None)),  # `def backward(self):`
    ("bug-package-tanh-one-minus-t", ("engine/_core.py", 35, None)),
    ("bug-weakkey-assign", ("engine.py", 73, None)),  # `kid.grad = local * g`
    ("bug-draft-neg-self", ("bug-draft-neg-self.ipynb", 32, 4)),  # `Value.__neg__ = ...`, in the ops' cell
    # left: late binding is no variant; named at mul's method (line 28), not at the loop's `def rule():` (line 15)
    ("bug-late-binding-rules", ("engine.py", 28, None)),
])
def test_a_finding_names_its_line(rows, case, place):
    finding = rows[case]["diagnosis"][0]
    assert (finding.get("file"), finding.get("line"), finding.get("cell")) == place


def test_a_relu_charged_by_its_own_test_is_not_charged_again_by_a_graph_that_meets_it_at_0(rows):
    outputs = {t["name"]: t["output"] for t in rows["bug-step-relu-at-zero"]["tests"]}
    # before: "e2.grad for random expression graph #10 (... e1 = x3 - x3; e2 = e1 * e1; e3 = relu(e2) ...): expected
    # -1.0, got 0.0 (7 of 8 graphs right or already charged elsewhere)"
    assert outputs["random/torch-9-16"] == ("Not charged again: random expression graph #10 needs `relu`, which "
                                            "relu/zero already charges.")


@pytest.mark.parametrize("case,surface", [
    ("correct-random-shadow", "check"), ("bug-step-relu-at-zero", "check"),
    ("correct-draft-redefined", "notebook"), ("correct-copy-shadow", "ci"),
])
def test_a_students_surface_says_what_grade_run_says(graded, tmp_path, case, surface):
    assert_a_surface_says_the_row(graded[:2], tmp_path, case, surface)


# -- the mechanisms, without a sandbox ---------------------------------------------------------------------------


def test_a_composition_its_own_probes_refute_is_an_op_of_its_own():
    from grader.judge.charging import refuted_compositions

    composed = {"relu": frozenset({"mul"}), "div": frozenset({"mul", "pow-other"}), "sub": frozenset({"add", "neg"}),
                "sub-constant": frozenset({"add-constant"})}
    wrong = {"relu": "relu/zero", "div": "div/values", "pow-other": "pow/fractional", "sub-constant": "sub/constant",
             "rsub": "sub/constant"}
    # relu wrong by its own probe, mul right: its own; div wrong with pow beneath it: still pow's doing; `a - 2`
    # shares its probe with `2 - a`, both wrong: not blamed alone (golden: a neg returning itself), kept
    assert refuted_compositions(composed, wrong, {"relu", "div", "pow-other"}) == {
        "div": frozenset({"mul", "pow-other"}), "sub": frozenset({"add", "neg"}),
        "sub-constant": frozenset({"add-constant"})}
    assert refuted_compositions(composed, {}, set()) == composed


@pytest.mark.parametrize("later,superseded", [
    ("class Value:\n    pass", True),  # a fresh class replaces every method of the draft
    ("class Value(Value):\n    pass", False),  # built on the draft: its methods stay
    ("class Value(Value):\n    def __add__(self, o):\n        return o", True),
    ("class Other:\n    pass", False),
])
def test_a_later_class_statement_supersedes_the_drafts_methods(later, superseded):
    from grader.diagnose.source_tree import superseded as is_superseded

    module = ast.parse("class Value:\n    def __add__(self, o):\n        return self\n" + later)
    parents = {child: node for node in ast.walk(module) for child in ast.iter_child_nodes(node)}
    method = module.body[0].body[0]
    assert is_superseded(method, module, parents) is superseded


def _probes_09(name):
    from grader import probekit

    sys.modules.setdefault("probekit", probekit)  # as the sandbox's worker makes it importable
    spec = importlib.util.spec_from_file_location("probes09s40_" + name[:-3],
                                                  ROOT / "grader" / "suites" / "09-write-tests" / name)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_09_runner_sets_up_fixtures_as_pytest_does():
    standin, said = _probes_09("probes_pytest.py"), []

    @standin._fixture(scope="module")
    def shared():
        said.append("shared")
        return [0]

    @standin._fixture
    def leaf(shared):
        said.append("leaf up")
        yield shared
        said.append("leaf down")

    @standin._fixture(autouse=True)
    def every():
        said.append("every")

    @standin._fixture(name="renamed")
    def _hidden():
        return 7

    def test_one(leaf, renamed, k):
        leaf[0] += k + renamed
        said.append(f"test {leaf[0]}")

    test_one._arguments = standin.arguments(test_one)
    fixtures = standin.Fixtures({"shared": shared, "leaf": leaf}, {"every": every, "_hidden": _hidden})
    fixtures.call(test_one, {"k": 1})
    fixtures.call(test_one, {"k": 2})
    # the module-scoped fixture made once, the function-scoped one each test, torn down after it
    assert said == ["every", "shared", "leaf up", "test 8", "leaf down", "every", "leaf up", "test 17", "leaf down"]
