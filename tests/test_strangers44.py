"""Session 44's strangers: whole engines and networks in styles no earlier fixture has, graded in one batch.

`tests/fixtures/strangers44/engine/` holds engines written by hand: `data` and `grad` as descriptors that know their
names (`__set_name__`) and a post-order kept with a stack of iterators; one subclass of Value per op, registered by
a class keyword (`class Exp(Value, name="exp")` read by `__init_subclass__`), local derivatives as numbers and a
backward pass that hands a node on once all its consumers have (Kahn, a `Counter` of consumers); a lazy engine whose
`data` is worked out on first reading (a property over the recorded op, by a loop); each node's number and gradient
side by side in one `array("d")` with the rules in a table keyed by the op's name and a walk sorted by depth; an
assistant-style engine typed with `Generic[T]`; and a notebook whose rules are generator functions that yield
(input, local derivative) pairs, the operators assigned to the class after it (`Value.__add__ = _add`); every
field a leaf shares kept as a class attribute (`grad = 0.0` read until a node writes its own); a metaclass that
writes the ops from a table given as a class keyword (`class Value(metaclass=FromTable, table=OPS)`); and a Value
that unpacks as a pair (`data, grad = v`, `len(v) == 2`), also under 07's nn.py and a 10 neuron that reads its
gradients so. `PLANTED` plants one classic mistake of shared/course.md in a copy of eight of them, ten plants in all.
`tests/fixtures/strangersx44/<exercise>/` holds an nn.py whose Layer is a `list` of neurons and MLP a `list` of layers
(parameters by `sum(..., start=[])`, the forward pass a `reduce`) and a fit_line whose training is a generator read
with `itertools.islice`; `PLANTED_X` leaves out 07's zero_grad() and clears w's gradient but not b's in 11.

What these found (before -> after):
- correct-op-subclasses-kahn: 0/63 ("__build_class__() got multiple values for argument 'name'", at import) ->
  63/63. The worker's class hook (grader/sandbox/hash_order.py) took a class keyword named `name` or `func` as its
  own argument; they are positional only now (CHANGELOG: scores move, a worker file: the stored runs are stale).
- bug-cells-grad-starts-one: named without a line -> at `self.cells = array("d", [data, 1.0])`, the cell the `grad`
  property reads (grader/diagnose/starts_one.py).
- bug-class-defaults-grad-starts-one: named without a line -> at the class attribute `grad = 1.0` every node reads
  until it writes its own (starts_one.py; a constructor that writes the node's own gradient hides it).
- The Gradescope bundle run as docs/gradescope.md tests one (run_autograder in a folder laid out as /autograder),
  started from a checkout of this project: `python -m grader` imported the checkout's grader/, not the bundle's, so
  the bundle of this fix scored correct-op-subclasses-kahn 0/63 from /work/main (older). run_autograder changes into
  its root first now (tests/integrations/test_gradescope.py); every entry then scored there as `grade run` says.
Every other entry scores and is named as expected, an op's mistake charged once by its own tests and said not
charged again in the later tests that meet it. The same scores and words came from `grade run`, `grade ENTRY`,
`grade check`, `grade ci`, the Gradescope bundle (autograde, and results.json against its schema), a notebook's
check(), the fleet (a redis-server and one `grade worker`) and the CSV/JUnit/Gradescope renderings
(bench/seams/matrix.py's surfaces, the 07 and 11 classes with SEAMS_EXERCISE), but for the one disagreement
matrix.py documents: a forward walk (bug-lazy-forward-order) scores 16.1667 in a check (its fixed inputs) and
14.1667 graded (drawn inputs).
Left: bug-descriptor-mul-assign (`=` on one side of mul's rule) fails 17 tests, as every `=` for `+=` does (a shared
node's gradient is wrong wherever it is read), and is named by the static hint with its line, no variant.
"""
from pathlib import Path

import pytest
from costs import slow_fixture
from test_fresh_styles import _rows, assert_scored_and_named
from test_strangers36 import (assert_a_planted_mistake_costs_its_one_test, assert_a_surface_says_the_row,
                              assert_the_correct_files_score_full, graded_class)
from test_strangersx38 import solutions_class

FRESH = Path(__file__).parent / "fixtures" / "strangers44"
FRESH_X = Path(__file__).parent / "fixtures" / "strangersx44"

# id -> (the case it is planted in, [(text, replaced by), ...])
PLANTED = {
    # mul's rule overwrites its first operand's gradient (`=`), through a descriptor that stores floats
    "bug-descriptor-mul-assign": ("correct-descriptor-fields", [(
        "self.grad += other.data * out.grad", "self.grad = other.data * out.grad")]),
    # tanh's local derivative as 1 - t, in an op subclass's locals()
    "bug-kahn-tanh-one-minus-t": ("correct-op-subclasses-kahn", [(
        "return (1.0 - self.data ** 2,)", "return (1.0 - self.data,)")]),
    # the post-order walked forwards, in an engine that computes its numbers lazily
    "bug-lazy-forward-order": ("correct-lazy-cached-forward", [(
        "for node in reversed(order):", "for node in order:")]),
    # a node's gradient cell starts at 1 in its array('d')
    "bug-cells-grad-starts-one": ("correct-array-cells", [(
        'array("d", [data, 0.0])', 'array("d", [data, 1.0])')]),
    # log's local derivative as 1 / output, in a rule of the table
    "bug-cells-log-output": ("correct-array-cells", [("return (1.0 / a.data,)", "return (1.0 / out.data,)")]),
    # exp's local derivative from its input, in a generator rule of a notebook
    "bug-generator-exp-input": ("correct-generator-rules.ipynb", [(
        "yield node.inputs[0], node.data", "yield node.inputs[0], node.inputs[0].data")]),
    # `2 - a` computed as a - 2, in the assistant-style typed engine
    "bug-typed-rsub-order": ("correct-generic-typed", [(
        "return self._coerce(other) - self", "return self - self._coerce(other)")]),
    # the gradient's default, a class attribute every node reads until it writes its own, is 1
    "bug-class-defaults-grad-starts-one": ("correct-class-defaults", [("    grad = 0.0\n", "    grad = 1.0\n")]),
    # relu's slope read from the input with `>=`, in the metaclass's table
    "bug-metaclass-relu-at-zero": ("correct-metaclass-table", [(
        "lambda a, out: (1.0 if out > 0 else 0.0,)", "lambda a, out: (1.0 if a >= 0 else 0.0,)")]),
    # the output's gradient never set to 1, in the Value that unpacks as (data, grad)
    "bug-unpackable-no-seed": ("correct-unpackable", [("        self.grad = 1.0\n", "")]),
}
# exercise -> {id: (the case it is planted in, {file: [(text, replaced by), ...]})}
PLANTED_X = {
    "07-mlp-xor": {"bug-list-layers-no-zero-grad": ("correct-list-subclass-layers", {"nn.py": [(
        "        model.zero_grad()\n", "")]})},
    "11-fit-line": {"bug-generator-trainer-b-not-cleared": ("correct-generator-trainer", {"fit_line.py": [(
        "w.grad = b.grad = 0.0", "w.grad = 0.0")]})},
}


@slow_fixture(scope="module")
def graded(tmp_path_factory):
    """Every entry graded by `grade run` once: (the engines' class folder, {id: row}, {exercise: {id: row}})."""
    folder, rows = graded_class(tmp_path_factory.mktemp("strangers44"), FRESH / "engine", PLANTED)
    others = {exercise: _rows(tmp_path_factory, exercise, make=solutions_class, fresh=FRESH_X, planted=PLANTED_X)
              for exercise in sorted(p.name for p in FRESH_X.iterdir())}
    return folder, rows, others


@slow_fixture(scope="module")
def rows(graded):
    return graded[1]


# -- the mechanism, without a sandbox ----------------------------------------------------------------------------

ORDER = Path(__file__).parent.parent / "grader" / "sandbox" / "hash_order.py"

KEYWORDS = '''
REGISTRY = {}
class Value:
    def __init_subclass__(cls, name=None, func=None, **kwargs):
        super().__init_subclass__(**kwargs)
        REGISTRY[name or cls.__name__.lower()] = (cls, func)
    def __add__(self, other):
        return self
class Exp(Value, name="exp", func=abs):
    pass
class Tanh(Value):
    pass
'''


def test_a_class_keyword_named_as_build_class_s_own_arguments_reaches_init_subclass():
    import builtins
    import importlib.util

    spec = importlib.util.spec_from_file_location("_grader_hash_order_strangers44", ORDER)
    order = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(order)
    saved = builtins.__build_class__
    order.install()
    try:
        # before: `class Exp(Value, name="exp")` raised TypeError ("got multiple values for argument 'name'") at
        # import, and correct-op-subclasses-kahn scored 0/63
        namespace = {"__name__": "engine"}
        exec(compile(KEYWORDS, "/sandbox/engine.py", "exec"), namespace)
    finally:
        builtins.__build_class__ = saved
    registry, value = namespace["REGISTRY"], namespace["Value"]
    assert registry == {"exp": (namespace["Exp"], abs), "tanh": (namespace["Tanh"], None)}
    assert order.Numbered in value.__mro__ and namespace["Exp"].__bases__ == (value,)


CELLS = '''\
from array import array

DATA, GRAD = 0, 1


class Value:
    def __init__(self, data):
        self.cells = array("d", [data, {start}])

    @property
    def grad(self):
        return self.cells[GRAD]

    def backward(self):
        self.cells[GRAD] = 1.0
'''


@pytest.mark.parametrize("start,read,line", [
    ("1.0", "GRAD", 8),  # the cell the property reads starts at 1: the store is the line
    ("0.0", "GRAD", None),  # it starts at 0: nothing is placed (backward()'s seed is never read as a start)
    ("1.0", "DATA", None),  # the property reads the other cell: the 1 is no gradient's
    ("1.0", "1", 8), ("1.0", "0", None),  # the index written as a number
])
def test_a_gradient_kept_in_a_cell_of_the_nodes_container_is_placed_at_its_store(start, read, line):
    from grader.diagnose.walk_places import walk_place

    source = CELLS.format(start=start).replace("self.cells[GRAD]\n\n    def backward", f"self.cells[{read}]\n\n"
                                               "    def backward")
    assert walk_place("grad-starts-one", {"engine.py": source}) == line


CORRECT = sorted(p.name.removesuffix(".ipynb") for p in (FRESH / "engine").iterdir() if p.name.startswith("correct-"))
# id -> (score, the tests not passed or how many, diagnosis)
TABLE = {
    # before: correct-op-subclasses-kahn 0/63 (its `class Exp(Value, name="exp")` raised at import)
    **{case: (63.0, [], []) for case in CORRECT},
    # one side of mul's rule overwrites: no variant of the library (both sides) matches; the static hint names it
    "bug-descriptor-mul-assign": (38.5, 17, [("hint", "assign-grad", None)]),
    "bug-kahn-tanh-one-minus-t": (60.0, ["tanh/negative", "tanh/saturated", "tanh/two"],
                                  [("variant", "tanh-one-minus-t", "exact")]),
    "bug-lazy-forward-order": (14.1667, 41, [("variant", "forward-order", "exact")]),
    "bug-cells-grad-starts-one": (3.0, 48, [("variant", "grad-starts-one", "exact")]),
    "bug-cells-log-output": (61.0, ["log/small", "log/values"], [("variant", "log-output", "exact")]),
    "bug-generator-exp-input": (61.0, ["exp/negative", "exp/values"], [("variant", "exp-input", "exact")]),
    "bug-typed-rsub-order": (62.0, ["sub/constant"], [("variant", "rsub-order", "exact")]),
    "bug-class-defaults-grad-starts-one": (3.0, 48, [("variant", "grad-starts-one", "exact")]),
    "bug-metaclass-relu-at-zero": (62.0, ["relu/zero"], [("variant", "relu-at-zero", "exact")]),
    "bug-unpackable-no-seed": (4.0, 47, [("variant", "no-seed", "exact")]),
}
FULL = {"07-mlp-xor": 24.0, "10-neuron": 16.0, "11-fit-line": 13.0}
# exercise -> {id: (score, the one test it fails, its words)}
PLANTED_X_TABLE = {
    "07-mlp-xor": {"bug-list-layers-no-zero-grad": (21.0, "train/train-xor", (
        "train_xor(seed=0, steps=300): in 299 steps of 300, backward() ran while the gradients of the steps before "
        "were still in `.grad`, and the loss never got below 0.001 (lowest: 0.254688578). backward() adds into "
        "`.grad`, so each update moved the weights by the sum of every gradient so far: call model.zero_grad() before "
        "loss.backward() in every step"))},
    "11-fit-line": {"bug-generator-trainer-b-not-cleared": (11.0, "step/second", (
        "b for train_line(2, 0.05): two steps from w = -1, b = 0: expected 0.865, got 1.415 (1 more value differs). "
        "Your numbers are those of a loop that clears w's gradient between steps but never b's. backward() adds into "
        ".grad, so both gradients must be set back to 0 before each backward pass. b.grad is never cleared: from the "
        "second step on, b moves by the sum of all its gradients so far, while w moves by its own."))},
}
# the tests after the charged one that meet the same mistake, each said not charged again
SPARED_X = {"bug-list-layers-no-zero-grad": [],
            "bug-generator-trainer-b-not-cleared": ["history/diverges", "history/shape", "train/converges"]}


def test_every_submission_is_in_the_table(rows, graded):
    assert len(CORRECT) == 9 and len(PLANTED) == 10
    assert sorted(rows) == sorted(TABLE) == sorted([*CORRECT, *PLANTED])
    assert {exercise: sorted(r) for exercise, r in graded[2].items()} == {
        "07-mlp-xor": ["bug-list-layers-no-zero-grad", "correct-list-subclass-layers", "correct-unpackable-engine"],
        "10-neuron": ["correct-unpackable-engine"],
        "11-fit-line": ["bug-generator-trainer-b-not-cleared", "correct-generator-trainer"]}


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
                                                SPARED_X[case], exact=True)


@pytest.mark.parametrize("case,place", [
    ("bug-descriptor-mul-assign", ("engine.py", 54, None)),  # `self.grad = other.data * out.grad`
    ("bug-kahn-tanh-one-minus-t", ("engine.py", 137, None)),  # `return (1.0 - self.data,)`
    ("bug-lazy-forward-order", ("engine.py", 130, None)),  # `for node in order:`
    ("bug-cells-grad-starts-one", ("engine.py", 46, None)),  # `array("d", [data, 1.0])` (before: no line)
    ("bug-cells-log-output", ("engine.py", 35, None)),  # `return (1.0 / out.data,)`
    ("bug-generator-exp-input", ("bug-generator-exp-input.ipynb", 29, 5)),  # `yield ..., node.inputs[0].data`
    ("bug-typed-rsub-order", ("engine.py", 110, None)),  # `return self - self._coerce(other)`
    ("bug-class-defaults-grad-starts-one", ("engine.py", 8, None)),  # the class's `grad = 1.0` (before: no line)
    ("bug-metaclass-relu-at-zero", ("engine.py", 10, None)),  # `(1.0 if a >= 0 else 0.0,)` in the table
    ("bug-unpackable-no-seed", ("engine.py", 87, None)),  # backward(), which sets no seed
])
def test_a_finding_names_its_line(rows, case, place):
    finding = rows[case]["diagnosis"][0]
    assert (finding.get("file"), finding.get("line"), finding.get("cell")) == place


@pytest.mark.parametrize("case,spared", [
    ("bug-kahn-tanh-one-minus-t", ["gradcheck/tanh-mix", "loss/squared-error", "neuron/tanh", "random/torch-9-16",
                                   "shared/deep-diamond"]),
    ("bug-cells-log-output", ["gradcheck/exp-log", "loss/softplus", "random/reference-1-8", "random/torch-9-16"]),
    ("bug-generator-exp-input", ["gradcheck/exp-log", "loss/softplus", "random/reference-1-8"]),
    ("bug-typed-rsub-order", ["random/reference-1-8", "random/torch-9-16"]),
    ("bug-metaclass-relu-at-zero", ["random/torch-9-16"]),
])
def test_a_later_test_that_meets_the_op_s_mistake_is_not_charged_again(rows, case, spared):
    row = rows[case]
    charged = next(t["name"] for t in row["tests"] if t["status"] != "passed")
    said = {t["name"]: t["output"] for t in row["tests"] if t["output"].startswith("Not charged again")}
    assert sorted(said) == spared
    assert all(words.endswith(f"which {charged} already charges.") for words in said.values())


@pytest.mark.parametrize("case,surface", [
    ("correct-op-subclasses-kahn", "check"), ("bug-cells-grad-starts-one", "check"), ("bug-typed-rsub-order", "ci"),
    ("correct-generator-rules", "notebook"), ("bug-generator-exp-input", "notebook"),
])
def test_a_students_surface_says_what_grade_run_says(graded, tmp_path, case, surface):
    assert_a_surface_says_the_row(graded[:2], tmp_path, case, surface)


DEFAULTS = '''\
class Value:
    grad = {default}

    def __init__(self, data):
        self.data = data{own}

    def backward(self):
        self.grad = 1.0
'''


@pytest.mark.parametrize("default,own,line", [
    ("1.0", "", 2),  # the class's default is every node's start: placed there (before: no line)
    ("0.0", "", None),  # it starts at 0: nothing is placed
    ("1.0", "\n        self.grad = 1", 6), ("0.0", "\n        self.grad = 1", 6),  # a node's own start hides the class's
    ("1.0", "\n        self.grad = 0.0", None),  # each node writes 0 over the class's 1: no start of 1 to place
])
def test_a_gradient_started_by_a_class_attribute_is_placed_there(default, own, line):
    from grader.diagnose.walk_places import walk_place

    assert walk_place("grad-starts-one", {"engine.py": DEFAULTS.format(default=default, own=own)}) == line
