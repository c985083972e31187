"""Session 42's strangers: whole engines and networks in styles no earlier fixture has, graded in one batch.

`tests/fixtures/strangers42/engine/` holds engines written by hand: a Value class made and returned by a factory
function (`make_engine()`, a `__slots__` class named `Node` renamed `Value`, (parent, local derivative) pairs and a
one-stack post-order), Values that are `@dataclass(order=True)` instances ordered by their birth so that the backward
pass keeps a heap of the Values themselves, comparisons that return Values as tensors do (`a == b` is a Value,
`bool(a)` raises TypeError, nodes hash by identity), one module-level Wengert tape walked from the output back with
adjoints keyed by tape position (ops installed as module functions), gradients that are themselves Values (every rule
written in Value arithmetic, PyTorch's create_graph by hand), gradients in one flat buffer of C doubles seen through
`memoryview.cast("d")` (a `grad` property over a slot index), `__pow__` with Value exponents (and `2 ** x`) and a
backward pass ordered by each node's generation (`sorted(key=...)`), and a notebook whose forward values and local
derivatives are two `match` statements over (op, args) tuples, and one that frees the graph it walked as PyTorch does
without retain_graph (a second backward() through it raises). `PLANTED` plants one classic mistake of
shared/course.md in a copy of eight of them, twelve plants in all (an op other ops are built on among them: exp
under tanh, unary `-` under `-`). `numpy-float64-forbidden` keeps its numbers as
numpy float64 scalars: numpy is refused in an engine built from scratch (docs/students.md, "The engine is built from
scratch"), so every Value it makes raises and it scores 0, by design.
`tests/fixtures/strangersx42/<exercise>/` holds an nn.py whose layers hand on tuples and whose parameters() are
generators everywhere (a neuron's bias added last), a neuron whose activation is looked up by name (`getattr`), and
a fit_line with its parameters in a dict and its loss folded by `functools.reduce`, and an nn.py in the course's API
(`MLP([2, 4, 1], seed=42)`, PyTorch's `forward` called by Module.__call__, biases drawn like the weights); `PLANTED_X` leaves the bias
out of a neuron's parameters() and the gradients uncleared between the line's steps.

What these found (before -> after; no score moved):
- bug-factory-forward-order (a forward walk in an engine whose tanh is made of exp, `(e - 1) / (e + 1)`): three
  findings, tanh's rule "passes no gradient" and `-` "forgets other" placed at the walk's line, beside forward-order
  without a line -> forward-order alone, at `for node in order:`. No variant of the library walked forwards under a
  tanh made of exp, so the variant was refuted on tanh(x) and the per-op readings took its probes: tanh made of exp
  is now a style of every variant but tanh's own (grader/diagnose/styles.py, styled_runs.json rewritten).
- bug-memoryview-grad-starts-one (a node's slot in a buffer of gradients started at 1 by the helper the constructor
  calls): named without a line -> at `_slots[_used] = 1.0` (grader/diagnose/walk_places.py reads the module's
  functions the constructor calls where the constructor itself starts nothing at 1).
- Left: bug-higher-order-adjoint-overwrite (`adjoint[key] = contribution` in a table of adjoints) is named
  assign-not-accumulate-everywhere without a line.
Every other entry scores and is named as expected, an op built on the mistaken one (tanh on exp, `-` on unary `-`)
not charged again. The same scores and words came from `grade run`, `grade ENTRY`, `grade check`, `grade ci`,
the Gradescope bundle (autograde, and results.json against its schema), a notebook's check(), the fleet (a
redis-server and one `grade worker`) and the CSV/JUnit/Gradescope renderings (bench/seams/matrix.py's surfaces,
with the SEAMS_EXERCISE classes of 07, 10 and 11 too), but for the one disagreement matrix.py documents:
bug-factory-forward-order scores 13.6667 in a check (its fixed inputs) and 11.6667 graded (drawn inputs).
"""
from pathlib import Path

import pytest
from costs import slow_fixture
from test_fresh_styles import _rows, assert_scored_and_named
from test_strangers36 import (assert_a_planted_mistake_costs_its_one_test, assert_a_surface_says_the_row,
                              assert_the_correct_files_score_full, graded_class)
from test_strangersx38 import solutions_class

FRESH = Path(__file__).parent / "fixtures" / "strangers42"
FRESH_X = Path(__file__).parent / "fixtures" / "strangersx42"

# id -> (the case it is planted in, [(text, replaced by), ...])
PLANTED = {
    # tanh's slope as 1 - t (the square forgotten), in Value arithmetic
    "bug-higher-order-tanh-one-minus-t": ("correct-higher-order-grads", [(
        "out._rule = lambda g: (g * (1 - out * out),)", "out._rule = lambda g: (g * (1 - out),)")]),
    "bug-factory-forward-order": ("correct-class-factory", [("for node in reversed(order):", "for node in order:")]),
    # relu's slope 1 at 0, read from the input with `>=`
    "bug-eq-relu-at-zero": ("correct-eq-returns-value", [(
        "self.grad += (1.0 if out.data > 0 else 0.0) * out.grad",
        "self.grad += (1.0 if self.data >= 0 else 0.0) * out.grad")]),
    # the one line that passes gradient on, in the buffer's property: every rule overwrites
    "bug-memoryview-assign": ("correct-memoryview-grads", [("parent.grad += local * g", "parent.grad = local * g")]),
    "bug-match-log-over-output": ("correct-match-tuple-ops.ipynb", [("return (1 / a,)", "return (1 / out,)")]),
    # the - 1 forgotten in the base's slope (the exponent's slope, a^b ln a, kept)
    "bug-generations-pow-no-minus-one": ("correct-value-exponent-generations", [(
        "self.grad += b * a ** (b - 1) * out.grad", "self.grad += b * a ** b * out.grad")]),
    # the output's adjoint read from its grad (0) where it is seeded with 1
    "bug-tape-no-seed": ("correct-global-tape-adjoints", [("adjoint = {out.pos: 1.0}",
                                                           "adjoint = {out.pos: out.grad}")]),
    # exp's slope from its input; tanh is made of exp in this engine, and is not charged again
    "bug-factory-exp-input": ("correct-class-factory", [('return Node(e, ((self, e),), "exp")',
                                                         'return Node(e, ((self, self.data),), "exp")')]),
    # a new node's slot of the gradients' buffer starts at 1, in the helper the constructor calls
    "bug-memoryview-grad-starts-one": ("correct-memoryview-grads", [("    _slots[_used] = 0.0\n",
                                                                     "    _slots[_used] = 1.0\n")]),
    # -a as a itself; subtraction is made of negation here, and is not charged again
    "bug-memoryview-neg-self": ("correct-memoryview-grads", [("        return self * -1\n",
                                                              "        return self\n")]),
    # the adjoints' table overwritten where it should add; each node's grad still gets `+=` its adjoint
    "bug-higher-order-adjoint-overwrite": ("correct-higher-order-grads", [(
        "adjoint[key] = adjoint[key] + contribution if key in adjoint else contribution",
        "adjoint[key] = contribution")]),
    # mul's two slopes both the first operand's number
    "bug-heap-mul-self-data": ("correct-dataclass-order-heap", [("slopes=(other.data, self.data))",
                                                                "slopes=(self.data, self.data))")]),
}
# exercise -> {id: (the case it is planted in, {file: [(text, replaced by), ...]})}
PLANTED_X = {
    "07-mlp-xor": {"bug-tuple-layers-bias-left-out": ("correct-tuple-layers-yield", {"nn.py": [(
        "        yield from self.w\n        yield self.b\n", "        yield from self.w\n")]})},
    "11-fit-line": {"bug-params-dict-no-zero-grad": ("correct-params-dict-reduce", {"fit_line.py": [(
        "        for p in params.values():\n            p.grad = 0.0\n", "")]})},
}


@slow_fixture(scope="module")
def graded(tmp_path_factory):
    """Every entry graded by `grade run` once: (the engines' class folder, {id: row}, {exercise: {id: row}})."""
    folder, rows = graded_class(tmp_path_factory.mktemp("strangers42"), FRESH / "engine", PLANTED)
    others = {exercise: _rows(tmp_path_factory, exercise, make=solutions_class, fresh=FRESH_X, planted=PLANTED_X)
              for exercise in sorted(p.name for p in FRESH_X.iterdir())}
    return folder, rows, others


@slow_fixture(scope="module")
def rows(graded):
    return graded[1]


CORRECT = sorted(p.name.removesuffix(".ipynb") for p in (FRESH / "engine").iterdir() if p.name.startswith("correct-"))
# id -> (score, the tests not passed or how many, diagnosis)
TABLE = {
    **{case: (63.0, [], []) for case in CORRECT},
    "bug-higher-order-tanh-one-minus-t": (60.0, ["tanh/negative", "tanh/saturated", "tanh/two"],
                                          [("variant", "tanh-one-minus-t", "exact")]),
    # before: 11.6667 with three findings, tanh's rule "passes no gradient" and `-`'s "forgets other" at the walk's
    # line beside a forward order without its line: tanh made of exp is a style of the variants now
    "bug-factory-forward-order": (11.6667, 43, [("variant", "forward-order", "style")]),
    "bug-factory-exp-input": (61.0, ["exp/negative", "exp/values"], [("variant", "exp-input", "exact")]),
    "bug-memoryview-grad-starts-one": (3.0, 48, [("variant", "grad-starts-one", "exact")]),
    "bug-memoryview-neg-self": (62.0, ["neg/values"], [("variant", "neg-self", "exact")]),
    "bug-higher-order-adjoint-overwrite": (23.8334, 31, [("variant", "assign-not-accumulate-everywhere", "exact")]),
    "bug-eq-relu-at-zero": (62.0, ["relu/zero"], [("variant", "relu-at-zero", "exact")]),
    "bug-memoryview-assign": (23.8334, 31, [("variant", "assign-not-accumulate-everywhere", "exact")]),
    "bug-match-log-over-output": (61.0, ["log/small", "log/values"], [("variant", "log-output", "exact")]),
    "bug-generations-pow-no-minus-one": (61.0, ["pow/cube", "pow/fractional"],
                                         [("variant", "pow-no-minus-one", "exact")]),
    "bug-tape-no-seed": (4.0, 47, [("variant", "no-seed", "exact")]),
    "bug-heap-mul-self-data": (16.5, 40, [("variant", "mul-self-data", "style")]),
    # numpy is refused in an engine built from scratch: its every Value raises (docs/students.md)
    "numpy-float64-forbidden": (0.0, 51, [("raises", None, None)]),
}
FULL = {"07-mlp-xor": 24.0, "10-neuron": 16.0, "11-fit-line": 13.0}
# exercise -> {id: (score, the one test it fails, the start of that test's words)}
PLANTED_X_TABLE = {
    "07-mlp-xor": {"bug-tuple-layers-bias-left-out": (22.0, "parameters/counts", (
        "Neuron(3).parameters() has 3 entries, expected 4 (each neuron: one weight per input, and a bias)"))},
    "11-fit-line": {"bug-params-dict-no-zero-grad": (11.0, "step/second", (
        "w for train_line(2, 0.05): two steps from w = -1, b = 0: expected 0.8975, got 2.0975 (2 more values "
        "differ). Your numbers are those of a loop that never clears the gradients between steps."))},
}

# the tests after the charged one that meet the same mistake, each said not charged again
SPARED_X = {"bug-tuple-layers-bias-left-out": ["backward/mlp", "forward/mlp", "forward/neuron",
                                              "forward/parameter-order", "train/course-loop", "train/course-seed",
                                              "train/train-xor"],
            "bug-params-dict-no-zero-grad": ["history/diverges", "history/shape", "train/converges"]}


def test_every_submission_is_in_the_table(rows, graded):
    assert len(CORRECT) == 9 and len(PLANTED) == 12
    assert sorted(rows) == sorted(TABLE) == sorted([*CORRECT, *PLANTED, "numpy-float64-forbidden"])
    assert {exercise: sorted(r) for exercise, r in graded[2].items()} == {
        "07-mlp-xor": ["bug-tuple-layers-bias-left-out", "correct-course-api-forward", "correct-tuple-layers-yield"],
        "10-neuron": ["correct-getattr-activation"],
        "11-fit-line": ["bug-params-dict-no-zero-grad", "correct-params-dict-reduce"]}


@pytest.mark.parametrize("case", sorted(TABLE))
def test_each_engine_scores_and_is_named(rows, case):
    assert rows[case]["status"] == "graded", rows[case]["message"]
    assert_scored_and_named(rows[case], TABLE[case])


@pytest.mark.parametrize("exercise", sorted(FULL))
def test_each_correct_file_of_the_other_exercises_scores_full_without_a_finding(graded, exercise):
    assert_the_correct_files_score_full(graded, exercise, FULL)


@pytest.mark.parametrize("exercise,case", [(e, c) for e, t in PLANTED_X_TABLE.items() for c in t])
def test_a_planted_mistake_of_the_other_exercises_costs_its_one_test(graded, exercise, case):
    assert_a_planted_mistake_costs_its_one_test(graded[2][exercise][case], PLANTED_X_TABLE[exercise][case],
                                                SPARED_X[case])


@pytest.mark.parametrize("case,place", [
    ("bug-eq-relu-at-zero", ("engine.py", 71, None)),  # `(1.0 if self.data >= 0 else 0.0)`
    ("bug-factory-forward-order", ("engine.py", 73, None)),  # `for node in order:` (before: no line)
    ("bug-factory-exp-input", ("engine.py", 44, None)),  # `((self, self.data),)`
    ("bug-memoryview-grad-starts-one", ("engine.py", 18, None)),  # `_slots[_used] = 1.0` (before: no line)
    ("bug-memoryview-neg-self", ("engine.py", 72, None)),  # `return self`
    ("bug-higher-order-adjoint-overwrite", (None, None, None)),  # left: `adjoint[key] = contribution`
    ("bug-generations-pow-no-minus-one", ("engine.py", 50, None)),  # `b * a ** b`
    ("bug-heap-mul-self-data", ("engine.py", 35, None)),  # `slopes=(self.data, self.data)`
    ("bug-higher-order-tanh-one-minus-t", ("engine.py", 26, None)),  # `g * (1 - out)`
    ("bug-match-log-over-output", ("bug-match-log-over-output.ipynb", 14, 4)),  # `return (1 / out,)`
    ("bug-memoryview-assign", ("engine.py", 108, None)),  # `parent.grad = local * g`
    ("bug-tape-no-seed", ("engine.py", 58, None)),  # `adjoint = {out.pos: out.grad}`
    ("numpy-float64-forbidden", ("engine.py", 15, None)),  # `self.data = np.float64(data)`
])
def test_a_finding_names_its_line(rows, case, place):
    finding = rows[case]["diagnosis"][0]
    assert (finding.get("file"), finding.get("line"), finding.get("cell")) == place


def test_numpy_in_an_engine_is_refused_in_words_that_say_so(rows):
    row = rows["numpy-float64-forbidden"]
    said = {t["name"]: t["output"] for t in row["tests"]}
    assert said["engine/from-scratch"] == (
        "imports `numpy` (engine.py, line 6): the engine must be built from scratch with plain Python, so numpy "
        "cannot be used in this exercise. Delete the import; any use of it also fails the tests that reach that line.")
    assert said["add/values"] == (
        "y = a + b at a = 2, b = -3: your engine raised ForbiddenModuleError: `numpy` is not allowed in this "
        "exercise: `np.float64(...)` (engine.py, line 15, in __init__)")


@pytest.mark.parametrize("case,surface", [
    ("correct-eq-returns-value", "check"), ("bug-memoryview-assign", "check"), ("bug-tape-no-seed", "ci"),
    ("correct-match-tuple-ops", "notebook"), ("bug-match-log-over-output", "notebook"),
])
def test_a_students_surface_says_what_grade_run_says(graded, tmp_path, case, surface):
    assert_a_surface_says_the_row(graded[:2], tmp_path, case, surface)


@pytest.mark.parametrize("case,built,on", [
    ("bug-factory-exp-input", "tanh", "exp"),  # tanh is (e - 1) / (e + 1) with e = exp(2x) in this engine
    ("bug-memoryview-neg-self", "sub", "neg"),  # a - b is a + (-b)
])
def test_an_op_built_on_the_mistaken_one_is_not_charged_again(rows, case, built, on):
    row = rows[case]
    spared = {t["name"]: t["output"] for t in row["tests"] if t["output"].startswith("Not charged again")}
    ours = {"tanh": ["tanh/negative", "tanh/saturated", "tanh/two", "tanh/zero"],
            "sub": ["sub/constant", "sub/values"]}[built]
    # the op's own tests and every later test whose expression reaches the mistaken op (review42b: was a subset)
    assert sorted(spared) == sorted(ours + {
        "tanh": ["gradcheck/exp-log", "gradcheck/tanh-mix", "loss/softplus", "loss/squared-error", "neuron/tanh",
                 "random/reference-1-8", "random/torch-9-16", "shared/deep-diamond"],
        "sub": ["gradcheck/exp-log", "gradcheck/rational", "gradcheck/relu-sum", "loss/softplus", "micrograd/more-ops",
                "random/reference-1-8", "random/torch-9-16", "shared/a-a"]}[built])
    charged = {"exp": "exp/values", "neg": "neg/values"}[on]
    assert all(spared[name].endswith(f"which {charged} already charges.") for name in ours)


# -- the mechanisms, without a sandbox ---------------------------------------------------------------------------

_SLOTS = """\
_grads = []


def _new_slot():
    _grads.append({start})
    return len(_grads) - 1


class Value:
    def __init__(self, data):
        self.data = data
        self._slot = _new_slot()

    def backward(self):
        _grads[self._slot] = 1.0
"""


@pytest.mark.parametrize("start", ["1.0", "0.0"])
def test_a_call_that_only_appends_a_start_is_not_read_as_a_store(start):
    from grader.diagnose.walk_places import walk_place

    # an append is no assignment: nothing is placed (and the backward()'s seed is never read as a start)
    assert walk_place("grad-starts-one", {"engine.py": _SLOTS.format(start=start)}) is None


@pytest.mark.parametrize("start,line", [("1.0", 6), ("0.0", None)])
def test_a_gradient_started_in_a_helper_of_the_constructor_is_placed_there(start, line):
    from grader.diagnose.walk_places import walk_place

    source = _SLOTS.format(start="0.0").replace("    _grads.append(0.0)\n",
                                                f"    _grads.append(0.0)\n    _grads[-1] = {start}\n")
    assert walk_place("grad-starts-one", {"engine.py": source}) == line


def test_the_constructors_own_start_is_read_before_its_helpers():
    from grader.diagnose.walk_places import walk_place

    source = _SLOTS.format(start="0.0").replace(
        "    _grads.append(0.0)\n", "    _grads.append(0.0)\n    _grads[-1] = 1.0\n").replace(
        "        self._slot = _new_slot()\n", "        self._slot = _new_slot()\n        self.grad = 1\n")
    assert walk_place("grad-starts-one", {"engine.py": source}) == 14  # `self.grad = 1`, not the helper's line


def test_tanh_made_of_exp_is_a_style_of_every_variant_but_tanh_s_own():
    from grader.diagnose.styles import STYLES, restyle
    from grader.variants import VARIANTS

    style = next(s for s in STYLES if s.name == "tanh-from-exp")
    unstyled = sorted(v.name for v in VARIANTS if restyle(v.source(), style) is None)
    assert unstyled == ["assign-not-accumulate-everywhere", "tanh-assign-not-accumulate", "tanh-input",
                        "tanh-one-minus-t", "tanh-square-outside"]
    forward = restyle(next(v for v in VARIANTS if v.name == "forward-order").source(), style)
    assert "        e = (self * 2).exp()\n        return (e - 1) / (e + 1)\n" in forward
