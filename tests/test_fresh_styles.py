"""Session 20's fresh samples: correct engines and exercise files in styles no other fixture has, and one
classic mistake planted in each style, for the engine and for the later exercises (06, 07, 08, 10, 11).

`tests/fixtures/fresh-styles/<exercise>/` holds, per exercise, correct submissions (a Value that
subclasses float; `__slots__` with data and grad as properties and the grads in a dict keyed by id(); ops
made in a loop from an operator table, with Kahn's algorithm on a heap; ops from functools.partialmethod
and reflected ops from a metaclass, NotImplemented for foreign types and `backward(grad=None)`; a list of
gradient lambdas per node walked by Kahn's algorithm, type hints everywhere and a print at import; a
dataclass whose rules are a list of setattr lambdas; Dual numbers as a frozen dataclass, a NamedTuple, and
__slots__ with ops set from a table; parameters() as a generator or a tuple; an MLP([2, 4, 1], seed=...)
without a Module class; results returned as NamedTuples, lists, OrderedDicts, a losses tuple); `PLANTED`
plants one mistake of the course's list in one of them each. Each exercise's class is graded once.

The two promises: a correct submission scores full, with nothing said; a mistake loses the points of the
test about it, once, and what is said names that mistake or nothing. The holes these found, each closed as
a class: the random graphs took a Value that subclasses float for a plain number (probekit._apply);
07/10/11's probes refused a tuple, a generator, a NamedTuple or an OrderedDict where the student's code
unpacks or iterates the same; a seed set from `backward(grad=None)` read as no seed (no-seed hint named on
a sub-as-add engine); a recursive sort with no visited set named breadth-first; 08 charged one rule's
mistake again in every expression built on it; 06 let gradcheck ignore its h and a purely relative
comparison pass, and charged a one-sided difference up to seven times; 07 charged a zero_grad() that
clears nothing in five tests.
"""

import re
import shutil
from pathlib import Path

import pytest
from costs import slow_fixture

from grader.pipeline import grade
from grader.sandbox import Limits

FRESH = Path(__file__).parent / "fixtures" / "fresh-styles"
LIMITS = Limits(probe_seconds=2, import_seconds=5, submission_seconds=30)

# id -> (score, the tests not passed, diagnosis as (kind, variant / walk / hint / op, match / form)).
# A bug that breaks `*` or the walk or the seed loses every test built on them (`+` and `*` of two Values are
# never excused: judge/charging.py); for those only the count of tests lost is pinned.
ENGINE = {
    "bug-dataclass-forward-order": (14.1667, 41, [("variant", "forward-order", "exact")]),
    # 26.6667 before holes28: relu/positive's relu(a) * a * 3, where relu(a) is a, is right for it
    "bug-dataclass-mul-other-for-both": (26.8334, 32, [("derivative", "mul", "other-for-both")]),
    # the hint names `=` in __mul__'s rule and its line; no variant is needed to say it
    "bug-floatsub-mul-assign": (38.0, 18, [("hint", "assign-grad", None)]),
    # `a - b` is `a + (-b)`: charged on neg/values alone (60 before session 21's composition probe)
    "bug-floatsub-neg-self": (62.0, ["neg/values"], [("variant", "neg-self", "exact")]),
    "bug-lambdalist-grad-starts-one": (0.0, 51, [("variant", "grad-starts-one", "style")]),
    "bug-lambdalist-rsub-order": (62.0, ["sub/constant"], [("variant", "rsub-order", "exact")]),
    "bug-lambdalist-tanh-one-minus-t": (60.0, ["tanh/negative", "tanh/saturated", "tanh/two"],
                                        [("variant", "tanh-one-minus-t", "exact")]),
    "bug-meta-no-seed": (4.0, 47, [("variant", "no-seed", "exact")]),
    "bug-meta-pow-no-minus-one": (61.0, ["pow/cube", "pow/fractional"], [("variant", "pow-no-minus-one", "exact")]),
    # the seed is `1.0 if grad is None else grad`, or `grad = 1.0` when None then `self.grad = grad`: no
    # "never sets the output's gradient to 1" beside the sign (it was said, before session 20)
    "bug-meta-seedstmt-sub-as-add": (61.0, ["sub/constant", "sub/values"], [("derivative", "sub", "sign")]),
    "bug-meta-sub-as-add": (61.0, ["sub/constant", "sub/values"], [("derivative", "sub", "sign")]),
    # a recursive sort whose `for` is outside its `if v not in visited`, in an engine without relu, log,
    # `2 - a` and `2 / a` (a published fork's shape): once the expressions of the missing ops are set aside the
    # numbers do not tell breadth-first from depth-first; the recursive source does. Before session 20 it was
    # named `breadth-first-no-visited`
    "bug-recursive-no-visited-missing-ops": (35.0, 20, [("missing-op", "relu", None), ("missing-op", "log", None),
                                                        ("missing-op", "__rtruediv__", None),
                                                        ("missing-op", "__rsub__", None),
                                                        ("variant", "no-visited", "style"),
                                                        ("hint", "recursive-topo", None)]),
    "bug-optable-log-output": (61.0, ["log/small", "log/values"], [("variant", "log-output", "exact")]),
    "bug-optable-relu-ge": (62.0, ["relu/zero"], [("variant", "relu-at-zero", "exact")]),
    "bug-slots-exp-input": (61.0, ["exp/negative", "exp/values"], [("variant", "exp-input", "exact")]),
    "bug-slots-tanh-input": (60.0, ["tanh/negative", "tanh/saturated", "tanh/two"],
                             [("variant", "tanh-input", "exact")]),
    # data and gradients kept as Fractions (review20): every number was refused, "y is a Fraction, not a
    # number" (0/63), before probekit.number read the standard library's exact numbers
    **{case: (63.0, [], []) for case in ["correct-dataclass-ops", "correct-floatsub", "correct-fraction-data",
                                         "correct-lambdalist-kahn", "correct-metaclass-partial",
                                         "correct-optable-kahn", "correct-slots-extgrad"]},
}

GRADCHECK = {
    "bug-ignores-h": (13.0, ["numerical/given-h"], []),
    # the one-sided difference is numerical/known-functions' to charge; given-h sees the h used, on one side
    "bug-one-sided": (12.0, ["numerical/known-functions"], []),
    "bug-relative-only": (14.0, ["gradcheck/zero-gradient"], []),
    **{case: (15.0, [], []) for case in ["correct-dataclass-result", "correct-isclose", "correct-partial-style"]},
}

MLP = {
    # an engine of the student's own whose `data` is a read-only property: the weights cannot be set, and
    # every test that sets or trains them says so (docs/exercise-authors.md, limits: not charged once)
    "bug-floatsub-own-data-readonly": (9.0, ["backward/mlp", "forward/mlp", "forward/neuron",
                                             "forward/parameter-order", "train/course-loop", "train/course-seed",
                                             "train/train-xor"], []),
    # charged on forward/mlp alone since holes28 (10/23 before: backward/mlp, forward/parameter-order and the three
    # training tests too)
    "bug-last-layer-tanh": (22.0, ["forward/mlp"], []),
    # parameters/counts' alone since session 30 (07's mistakes.py; 7.0 before, eight tests)
    "bug-no-bias-param": (22.0, ["parameters/counts"], []),
    # a zero_grad() that clears nothing: parameters/zero-grad alone (before session 20, five tests: the course's
    # loops clear the grads themselves after calling it, train_xor is run again with a zero_grad() given, and
    # zero-grad-everywhere excuses what the MLP's own test already charged)
    "bug-no-zero-grad": (22.0, ["parameters/zero-grad"], []),
    # the classic one: train_xor's loop never calls zero_grad()
    "bug-train-xor-no-zero-grad": (21.0, ["train/train-xor"], []),
    # of 24 points since holes28's parameters/rng: every row here one more
    **{case: (24.0, [], []) for case in ["correct-generators", "correct-no-module-sizes-seed",
                                         "correct-own-engine-readonly-grad", "correct-tuple-forward"]},
}

DUAL = {
    "bug-derivative-no-seed": (19.0, ["beyond/derivative"], []),
    # `*` is the core every expression is built on: never excused (as the engine's)
    "bug-mul-one-term": (6.0, ["beyond/sin-cos", "beyond/variable-exponent", "expression/micrograd-sanity",
                               "expression/softplus", "expression/two-inputs", "rule/constants", "rule/exp-log",
                               "rule/product", "rule/quotient", "rule/sub-neg"], []),
    "bug-pow-no-minus-one": (19.0, ["rule/powers"], []),
    "bug-quotient-sign": (18.0, ["rule/quotient"], []),
    "bug-rpow-no-log": (19.0, ["beyond/variable-exponent"], []),
    "bug-tanh-one-minus-t": (19.0, ["rule/tanh"], []),
    **{case: (20.0, [], []) for case in ["correct-frozen-dc", "correct-namedtuple", "correct-table-slots"]},
}

NEURON = {
    # a doubled backward charged once, by relu/positive (words39; was 11/16: relu/more-points and tanh/points too)
    "bug-backward-twice": (14.0, ["relu/positive"], []),
    "bug-divide-by-reference": (15.0, ["compare/zero-against-nonzero"], []),
    "bug-no-abs": (13.0, ["compare/planted", "compare/zero-against-nonzero"], []),
    **{case: (16.0, [], []) for case in ["correct-namedtuple-ordered", "correct-plain-functional"]},
}

FIT_LINE = {
    # each of the training loop's named mistakes (mistakes.py) is charged once, by the first test that shows it
    # (test_fit_line.CHARGED_BY; before session 21 by every test that trains: 6, 6, 4 and 3 of 13)
    "bug-no-final-loss": (11.0, ["step/first"], []),
    "bug-no-zero-grad": (11.0, ["step/second"], []),
    "bug-plus-update": (11.0, ["step/first"], []),
    "bug-sum-not-mean": (11.0, ["loss/mean"], []),
    **{case: (13.0, [], []) for case in ["correct-list-return", "correct-namedtuple-tuple-losses",
                                         "correct-params-dict"]},
}

TABLES = {"engine": ENGINE, "06-gradcheck": GRADCHECK, "07-mlp-xor": MLP, "08-dual-numbers": DUAL,
          "10-neuron": NEURON, "11-fit-line": FIT_LINE}

# The student's file of each exercise: where a mistake is planted. A correct submission of a later exercise
# holds that file alone; the exercise's given engine (exercises/<exercise>/engine.py) is put beside it.
FILE = {"engine": "engine.py", "06-gradcheck": "gradcheck.py", "07-mlp-xor": "nn.py", "08-dual-numbers": "dual.py",
        "09-write-tests": "test_engine.py", "10-neuron": "neuron.py", "11-fit-line": "fit_line.py",
        "03-tanh": "engine.py", "04-more-ops": "engine.py"}  # 03 and 04: tests/test_diag26.py

# reference/engine.py's walk, its stack left empty: the order is built first by a recursive visit whose `for`
# stands outside its `if node not in visited`, so a node reached twice is listed twice
_RECURSIVE_NO_VISITED = """\
        def visit(node):
            if node not in visited:
                visited.add(node)
            for child in node._prev:
                visit(child)
            topo.append(node)

        visit(self)
        stack = []
"""

# Each mistake, planted in a correct submission: id -> (the submission, or "reference" for reference/engine.py,
# [(text, replaced by), ...]); each text stands exactly once in the student's file.
PLANTED = {
    "engine": {
        "bug-dataclass-forward-order": ("correct-dataclass-ops", [("for v in reversed(topo):", "for v in topo:")]),
        "bug-dataclass-mul-other-for-both": ("correct-dataclass-ops", [
            ('setattr(other, "grad", other.grad + self.data * out.grad)',
             'setattr(other, "grad", other.grad + other.data * out.grad)')]),
        "bug-floatsub-mul-assign": ("correct-floatsub", [("self.grad += float(other) * out.grad",
                                                          "self.grad = float(other) * out.grad")]),
        "bug-floatsub-neg-self": ("correct-floatsub", [("return self * -1", "return self")]),
        "bug-lambdalist-grad-starts-one": ("correct-lambdalist-kahn", [("self.grad: float = 0.0",
                                                                        "self.grad: float = 1.0")]),
        "bug-lambdalist-rsub-order": ("correct-lambdalist-kahn", [("return Value.of(other) - self",
                                                                   "return self - Value.of(other)")]),
        "bug-lambdalist-tanh-one-minus-t": ("correct-lambdalist-kahn", [("g * (1 - t ** 2)", "g * (1 - t)")]),
        "bug-meta-no-seed": ("correct-metaclass-partial", [
            ("self.grad = 1.0 if grad is None else grad", "if grad is not None:\n            self.grad = grad")]),
        "bug-meta-pow-no-minus-one": ("correct-metaclass-partial", [("k * a ** (k - 1)", "k * a ** k")]),
        "bug-meta-sub-as-add": ("correct-metaclass-partial", [('dfb=lambda a, b: -1.0, symbol="-"',
                                                               'dfb=lambda a, b: 1.0, symbol="-"')]),
        "bug-meta-seedstmt-sub-as-add": ("correct-metaclass-partial", [
            ('dfb=lambda a, b: -1.0, symbol="-"', 'dfb=lambda a, b: 1.0, symbol="-"'),
            ("self.grad = 1.0 if grad is None else grad",
             "if grad is None:\n            grad = 1.0\n        self.grad = grad")]),
        "bug-optable-log-output": ("correct-optable-kahn", [("lambda a, out: (1 / a,)", "lambda a, out: (1 / out,)")]),
        "bug-optable-relu-ge": ("correct-optable-kahn", [("(1.0 if a > 0 else 0.0,)", "(1.0 if a >= 0 else 0.0,)")]),
        "bug-recursive-no-visited-missing-ops": ("reference", [
            ("        stack = [(self, False)]\n", _RECURSIVE_NO_VISITED), ("def relu(", "def _relu("),
            ("def log(", "def _log("),
            ("def __rsub__(", "def _rsub("), ("def __rtruediv__(", "def _rtruediv(")]),
        "bug-slots-exp-input": ("correct-slots-extgrad", [
            ("return Value(e, (self,), lambda g: (e * g,))",
             "a = self._data\n        return Value(e, (self,), lambda g: (a * g,))")]),
        "bug-slots-tanh-input": ("correct-slots-extgrad", [
            ("return Value(t, (self,), lambda g: ((1.0 - t ** 2) * g,))",
             "a = self._data\n        return Value(t, (self,), lambda g: ((1.0 - a ** 2) * g,))")]),
    },
    "06-gradcheck": {
        "bug-ignores-h": ("correct-dataclass-result", [("lambda t: f(Value(t)).data, x, h)",
                                                       "lambda t: f(Value(t)).data, x)")]),
        "bug-one-sided": ("correct-partial-style", [("(f(x + h) - f(x - h)) / (h + h)", "(f(x + h) - f(x)) / h")]),
        "bug-relative-only": ("correct-isclose", [("math.isclose(a, n, rel_tol=rtol, abs_tol=atol)",
                                                   "d <= rtol * m")]),
    },
    "07-mlp-xor": {
        # the student's own engine, a Value subclassing float whose `data` is a read-only property
        "bug-floatsub-own-data-readonly": ("correct-no-module-sizes-seed", []),
        "bug-last-layer-tanh": ("correct-generators", [("nonlin=i != len(nouts) - 1", "nonlin=True")]),
        "bug-no-bias-param": ("correct-no-module-sizes-seed", [("return self.w + [self.b]", "return self.w")]),
        "bug-no-zero-grad": ("correct-tuple-forward", [("for p in self.parameters():\n            p.grad = 0.0",
                                                        "pass")]),
        "bug-train-xor-no-zero-grad": ("correct-generators", [("model.zero_grad()\n        loss.backward()",
                                                               "loss.backward()")]),
        # correct: its own engine keeps the gradients behind a read-only `grad` and clears them itself; the course's
        # loops, which set every grad to 0 after zero_grad(), must not fail it (they raised AttributeError: 18/23)
        "correct-own-engine-readonly-grad": ("correct-tuple-forward", [
            ("from engine import Value\n", "from engine import Value, zero_grads\n"),
            ("for p in self.parameters():\n            p.grad = 0.0", "zero_grads(self.parameters())")]),
    },
    "08-dual-numbers": {
        "bug-derivative-no-seed": ("correct-frozen-dc", [("f(Dual(x, 1.0))", "f(Dual(x))")]),
        "bug-mul-one-term": ("correct-frozen-dc", [("self.deriv * o.value + self.value * o.deriv)",
                                                    "self.deriv * o.value)")]),
        "bug-pow-no-minus-one": ("correct-namedtuple", [("k * self.value ** (k - 1) * self.deriv",
                                                         "k * self.value ** k * self.deriv")]),
        "bug-quotient-sign": ("correct-table-slots", [("(da * b - a * db) / (b * b)", "(da * b + a * db) / (b * b)")]),
        "bug-rpow-no-log": ("correct-table-slots", [("Dual(v, v * math.log(c) * self.deriv)",
                                                     "Dual(v, v * self.deriv)")]),
        "bug-tanh-one-minus-t": ("correct-namedtuple", [("Dual(t, (1 - t * t) * self.deriv)",
                                                         "Dual(t, (1 - t) * self.deriv)")]),
    },
    "10-neuron": {
        "bug-backward-twice": ("correct-plain-functional", [("    y.backward()\n",
                                                             "    y.backward()\n    y.backward()\n")]),
        "bug-divide-by-reference": ("correct-namedtuple-ordered", [("scale = max(abs(g), abs(r))", "scale = abs(r)")]),
        "bug-no-abs": ("correct-plain-functional", [("max((abs(grads[k] - reference_grads[k])",
                                                     "max(((grads[k] - reference_grads[k])")]),
    },
    "11-fit-line": {
        "bug-no-final-loss": ("correct-params-dict", [("    losses.append(loss_now().data)\n", "")]),
        "bug-no-zero-grad": ("correct-list-return", [("        for p in params:\n            p.grad = 0.0\n", "")]),
        "bug-plus-update": ("correct-namedtuple-tuple-losses", [
            ("w.data - learning_rate * w.grad, b.data - learning_rate * b.grad",
             "w.data + learning_rate * w.grad, b.data + learning_rate * b.grad")]),
        "bug-sum-not-mean": ("correct-params-dict", [("Value(0)) / n", "Value(0))")]),
    },
}
# (exercise, case) -> (the engine a planted case brings of its own, the patches made to it)
OWN_ENGINE = {("07-mlp-xor", "bug-floatsub-own-data-readonly"): (
                  FRESH / "engine" / "correct-floatsub" / "engine.py", []),
              ("07-mlp-xor", "correct-own-engine-readonly-grad"): (
                  FRESH / "engine" / "correct-slots-extgrad" / "engine.py", [
                      ("    @grad.setter\n    def grad(self, value: float) -> None:\n"
                       "        _GRADS[id(self)] = value\n\n", ""),
                      ("self.grad = 1", "_GRADS[id(self)] = 1"),
                      ("parent.grad += contribution", "_GRADS[id(parent)] = _GRADS.get(id(parent), 0) + contribution"),
                      ("class Value(numbers.Number):",
                       "def zero_grads(values):\n    for v in values:\n        _GRADS[id(v)] = 0\n\n\n"
                       "class Value(numbers.Number):")])}
ROOT = Path(__file__).parent.parent

# A chain of ten thousand steps (reference/test_engine.py's test_a_ten_thousand_node_chain, and some fixtures' own) is
# nine tenths of the CPU a 09 file's tests take on an engine, and a 09 row runs them on 40 engines, a worker each (4 to
# 6 s of CPU a row): the 09 files of this suite's classes chain CHAIN_NODES nodes deep instead, still twice the depth
# the sandbox's recursion limit (1,000 frames) lets a recursive walk reach, so that they catch recursive-topo as the
# ten thousand do. The chain's result is no part of a row's score: the reference's is checked at any length.
CHAIN_NODES = 2_000
_LONG_CHAINS = {"range(10_000)": f"range({CHAIN_NODES // 2:_})", "1.0001**10_000": f"1.0001**{CHAIN_NODES // 2:_}"}


def reference_solution(name):
    """reference/<name>'s text, for a class of this suite: test_engine.py's chain of CHAIN_NODES (two a step)."""
    text = (ROOT / "reference" / name).read_text(encoding="utf-8")
    return shorter_reference_chain(text) if name == "test_engine.py" else text


def shorter_reference_chain(text):
    """reference/test_engine.py's text (or a 09 solution made from it) with its chain CHAIN_NODES nodes long."""
    for written, shorter in _LONG_CHAINS.items():
        assert text.count(written) == 1, f"reference/test_engine.py: {written!r} stands {text.count(written)} times"
        text = text.replace(written, shorter)
    return text


def shorter_chains(text):
    """A 09 fixture's own chains of ten thousand steps (`range(10_000)`, one node a step), CHAIN_NODES long."""
    return re.sub(r"range\(10_?000\)", f"range({CHAIN_NODES:_})", text)


def _planted(text, patches, where):
    for old, new in patches:
        assert text.count(old) == 1, f"{where}: {old!r} stands {text.count(old)} times"
        text = text.replace(old, new)
    return text


def _class(folder, exercise, fresh=FRESH, planted=PLANTED, own_engine=OWN_ENGINE, prepare=None):
    """The exercise's class: its correct submissions (each made ready by `prepare`, where given), each with the
    given engine where it has none, and each planted mistake."""
    given = ROOT / "exercises" / exercise / "engine.py"
    for case in (fresh / exercise).iterdir():
        shutil.copytree(case, folder / case.name)
        if prepare is not None:
            prepare(folder / case.name / FILE[exercise])
        if not (folder / case.name / "engine.py").exists():
            shutil.copy(given, folder / case.name / "engine.py")
    for case, (base, patches) in planted[exercise].items():
        if base == "reference":
            (folder / case).mkdir()
            text = (ROOT / "reference" / "engine.py").read_text(encoding="utf-8")
        else:
            shutil.copytree(folder / base, folder / case)
            text = (folder / case / FILE[exercise]).read_text(encoding="utf-8")
        (folder / case / FILE[exercise]).write_text(_planted(text, patches, case), encoding="utf-8")
        if (exercise, case) in own_engine:
            engine, patches = own_engine[exercise, case]
            text = _planted(engine.read_text(encoding="utf-8"), patches, f"{case}'s engine")
            (folder / case / "engine.py").write_text(text, encoding="utf-8")


def _rows(tmp_path_factory, exercise, make=None, **kwargs):
    """The exercise's class (`make(folder, exercise)`, default `_class` with kwargs), graded: {id: row}."""
    tmp = tmp_path_factory.mktemp(f"fresh-{exercise}")
    (tmp / "class").mkdir()
    (make or _class)(tmp / "class", exercise, **kwargs)
    result = grade(tmp / "class", exercise=exercise, limits=LIMITS, jobs=2, cache_dir=tmp / "cache")
    return {row["id"]: row for row in result.scores["submissions"]}


@slow_fixture(scope="module")
def rows(tmp_path_factory):
    return {exercise: _rows(tmp_path_factory, exercise) for exercise in TABLES}


def _failing(row):
    return sorted(t["name"] for t in row["tests"] if t["status"] != "passed")


def _diagnosis(row):
    return [(d["kind"], d.get("variant") or d.get("walk") or d.get("hint") or d.get("method") or d.get("op"),
             d.get("match") or d.get("form")) for d in row["diagnosis"]]


def _output(row, test):
    return next(t for t in row["tests"] if t["name"] == test)["output"]


def assert_every_submission_is_in_a_table(rows, tables, fresh=FRESH, planted=PLANTED):
    for exercise, table in tables.items():
        assert sorted(rows[exercise]) == sorted(table) == sorted(
            [p.name for p in (fresh / exercise).iterdir()] + list(planted[exercise]))
        assert all(row["status"] == "graded" for row in rows[exercise].values())


def assert_scored_and_named(row, expected):
    """row's (score, the tests not passed or how many, diagnosis) as expected."""
    score, failing, diagnosis = expected
    lost = len(_failing(row)) if isinstance(failing, int) else _failing(row)
    assert (row["score"], lost, _diagnosis(row)) == (score, failing, diagnosis)


def test_every_fresh_submission_is_in_a_table(rows):
    assert_every_submission_is_in_a_table(rows, TABLES)


@pytest.mark.parametrize("exercise,case", [(e, c) for e, table in TABLES.items() for c in sorted(table)])
def test_each_fresh_submission_scores_and_is_named(rows, exercise, case):
    assert_scored_and_named(rows[exercise][case], TABLES[exercise][case])


def test_a_value_that_subclasses_float_is_a_value_in_the_random_graphs(rows):
    # before: `isinstance(a, float)` sent its tanh through math.tanh, and the graph raised "'float' object has
    # no attribute 'grad'"; the diagnosis then said "your `float` has no `backward`"
    row = rows["engine"]["correct-floatsub"]
    assert [t["output"] for t in row["tests"] if t["name"].startswith("random/")] == ["", ""]


def test_a_rule_charged_by_its_own_test_is_not_charged_again_in_forward_mode(rows):
    tanh = rows["08-dual-numbers"]["bug-tanh-one-minus-t"]
    assert _output(tanh, "expression/neuron") == (
        "Not charged again: f(w) = tanh(2 * w + 0 * 1 + 6.8813735870195432) at w = -3 (a neuron, in its weight) "
        "needs `tanh`, which rule/tanh already charges.")
    power = rows["08-dual-numbers"]["bug-pow-no-minus-one"]
    assert _output(power, "beyond/derivative").endswith("needs `a ** k` (k a whole number), which rule/powers "
                                                        "already charges.")
    assert _output(power, "rule/powers") == (
        "the derivative of f(x) = (x / 2) ** 3 + (x / 2) ** 0.5 + (x / 2) ** -1 at x = 8 (each power times the inner "
        "derivative, 1/2): forward mode (your Dual, seeded with 1) gives 96.375, reverse mode (backward()) gives "
        "24.09375")


def test_gradchecks_mistakes_are_each_named_by_their_test(rows):
    gc = rows["06-gradcheck"]
    assert _output(gc["bug-ignores-h"], "numerical/given-h").endswith(": expected 3.01, got 3.0")
    assert _output(gc["bug-relative-only"], "gradcheck/zero-gradient") == (
        "gradcheck for x**3 at 0 fails (ok=False; analytic 0.0, numeric 1e-12), but backprop and the numeric "
        "slope agree here: they differ by less than `atol = 1e-07`. Where the gradient is 0, no relative test can "
        "pass: the check needs its absolute part, `abs_diff <= atol + rtol * max(|analytic|, |numeric|)`")
    assert _output(gc["bug-one-sided"], "numerical/given-h") == (
        "Not charged again: every derivative here is a one-sided difference with the h given, which "
        "numerical/known-functions already charges.")


def test_a_zero_grad_that_clears_nothing_is_charged_by_its_own_test(rows):
    row = rows["07-mlp-xor"]["bug-no-zero-grad"]
    assert _output(row, "train/train-xor") == (
        "Not charged again: train_xor(seed=0) gets the loss below 0.001 once zero_grad() sets every gradient to 0, "
        "which parameters/zero-grad already charges.")
    assert _output(row, "parameters/zero-grad-everywhere") == (
        "Not charged again: zero_grad() leaves gradients on the MLP too, which parameters/zero-grad already charges.")


def test_a_read_only_data_is_said_in_the_students_words(rows):
    row = rows["07-mlp-xor"]["bug-floatsub-own-data-readonly"]
    assert _output(row, "forward/neuron").endswith(
        "your engine raised AttributeError: property 'data' of 'Value' object has no setter")


# -- in process: the readings each hole was closed in -----------------------------------------------------


def test_the_random_graphs_tell_the_shadow_from_the_values_by_the_caller_not_the_type():
    import math

    from grader.probekit import _apply

    asked = []

    class FloatValue(float):  # a student's Value that subclasses float: its own tanh is the one to call
        def tanh(self):
            asked.append("tanh")
            return math.tanh(self)

    assert _apply("tanh", FloatValue(0.5), None, 2) == math.tanh(0.5) and asked == ["tanh"]
    # the plain-float shadow of the same step, as random_graph asks it: math's
    assert _apply("tanh", FloatValue(0.5), None, 2, shadow=True) == math.tanh(0.5) and asked == ["tanh"]


def test_as_plain_takes_every_kind_of_tuple_list_and_dict():
    from collections import OrderedDict, namedtuple

    from grader.probekit import as_plain

    Pair = namedtuple("Pair", "y leaves")
    assert as_plain(Pair(1, 2), tuple) == (1, 2) and type(as_plain(Pair(1, 2), tuple)) is tuple
    assert as_plain([1, 2, 3], tuple) == (1, 2, 3)
    assert as_plain((x for x in [1]), tuple) is None and as_plain("ab", tuple) is None
    assert as_plain(OrderedDict(a=1), dict) == {"a": 1} and type(as_plain(OrderedDict(a=1), dict)) is dict
    assert as_plain([("a", 1)], dict) is None and as_plain({"a": 1}, tuple) is None


@pytest.mark.parametrize("body,seeds", [
    (["self.grad = 1.0 if grad is None else grad"], True),
    (["if grad is None:", "    grad = 1.0", "self.grad = grad"], True),
    (["self.grad = grad or 1"], True),
    (["self.grad = float(1)"], True),
    (["g = 1.0", "seed = g", "self.grad = seed"], True),
    (["if grad is not None:", "    self.grad = grad"], False),
    (["self.grad = grad"], False),
    (["self.grad = 2.0 if grad is None else grad"], False),
])
def test_a_seed_that_may_be_1_is_a_seed(body, seeds):
    from grader.diagnose.hints import seed_facts, silent_backward_hints

    source = ("class Value:\n    def backward(self, grad=None):\n"
              + "".join(f"        {line}\n" for line in body)
              + "        for n in reversed(topo):\n            n._backward()\n")
    assert seed_facts({"engine.py": source.encode()})["seeds"] is seeds
    hints = [h["hint"] for h in silent_backward_hints({"engine.py": source.encode()})]
    assert hints == ([] if seeds else ["no-seed"])


def test_module_probes_marked_traces_ops_get_their_ops_from_value_and_dual():
    from grader.judge.ops import traced_ops
    from grader.suites import load_suite

    dual = load_suite("08-dual-numbers")
    # mul-fraction, mul-same: the Value's `*` of a fraction, and of a node by itself (judge/ops.py), since holes28
    assert traced_ops(dual.probe("softplus")) == {"add-constant", "div", "div-constant", "exp", "log", "mul",
                                                  "mul-fraction", "mul-same", "radd", "sub"}
    # Dual alone: `derivative(f, x)` on x ** 3, sin(x) * exp(x) and a constant
    assert traced_ops(dual.probe("derivative_function")) == {"exp", "mul", "pow"}
    # a probe taking the modules that is not marked is not run to trace it (07's train for seconds)
    assert traced_ops(load_suite("07-mlp-xor").probe("zero_grad")) == frozenset()


def test_probekit_reads_the_standard_librarys_exact_numbers():
    """A Fraction or a Decimal is a number (an engine may keep its data exact); a subclass of one is not (a Value
    may subclass it), and one too large for a float, or a signalling NaN, is an observation error, not a crash."""
    from decimal import Decimal
    from fractions import Fraction

    from grader import probekit

    assert probekit.number(Fraction(3, 4), "a.grad") == 0.75
    assert probekit.number(Decimal("-2.5"), "a.data") == -2.5
    assert probekit.plain({"y": Fraction(1, 8), "xs": [Decimal("0.5")]}) == {"y": 0.125, "xs": [0.5]}

    class Value(Fraction):
        pass

    with pytest.raises(probekit.ObservationError, match="^a.data is a Value, not a number$"):
        probekit.number(Value(1), "a.data")
    for huge in (10**400, Fraction(10**400, 3), Decimal("1e400")):
        with pytest.raises(probekit.ObservationError, match="^y is .*not a finite number$"):
            probekit.number(huge, "y")
    with pytest.raises(probekit.ObservationError, match="^y is too large or not a number, not a finite number$"):
        probekit.number(Decimal("sNaN"), "y")

