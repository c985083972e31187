"""Engines written by strangers: the styles real students and blog posts use, none from the variant library.

`tests/fixtures/strangers/` holds 19 correct engines (micrograd's own layout with an explicit stack,
closures that take the upstream gradient as an argument, a leaf whose `_backward` is None,
children listed with duplicates, Kahn's algorithm over edge lists, a dict of rules keyed by the op's
string, a Function class per operation as tinygrad writes it, `__slots__` with a grad property, int data
kept and a stable tanh, a Value exponent, a backward() that clears the graph first or frees it after,
printing during backward() past the output limit, a dataclass with type hints, one method dispatching on
the op, a recursive DFS without a visited set deduplicated afterwards, a sort by creation order, tensor-like
`==` and `bool`), micrograd as published (a recursive sort), and 17 engines each with one classic bug of
the course written in one of those styles. Each exercise suite that the engines answer grades the folder
once (a module fixture per suite); the tables pin every row's score and diagnosis.

The two promises: a correct engine scores full on every suite it answers, with nothing said; an engine
with one bug loses points only on the tests that show that bug, and its diagnosis names that bug or
says nothing.
"""

from pathlib import Path

import pytest
from costs import slow_fixture
from suite_facts import full_marks

from grader.pipeline import grade
from grader.diagnose.hints import static_hints
from grader.diagnose.source_patterns import recursive_sorts
from grader.diagnose.source_tree import tree_of
from grader.sandbox import Limits


FULL = full_marks("engine")  # from the suite's declared points

STRANGERS = Path(__file__).parent / "fixtures" / "strangers"
LIMITS = Limits(probe_seconds=2, import_seconds=5, submission_seconds=30)

CORRECT = ["backward-none-leaves", "closure-takes-grad", "creation-order-sort", "dataclass-typed", "frees-graph",
           "heavy-printer", "kahn-edges", "karpathy-stack", "method-dispatch", "opdict-grads", "pow-value-exponent",
           "prints-backward", "recursive-no-visited-dedupe", "slots-grad-property", "stable-tanh-int-data",
           "tensorlike-eq-bool", "tinygrad-functions", "tuple-dups-stack", "zero-graph-first"]
# the lecture's tanh, (exp(2x) - 1) / (exp(2x) + 1), overflows at x = 400: 03-tanh's saturation/large-input says so
EXP_FORMULA_TANH = ["backward-none-leaves", "closure-takes-grad", "frees-graph", "heavy-printer", "karpathy-stack",
                    "tensorlike-eq-bool"]

# engine suite, id -> (score, number of tests not passed, diagnosis as (kind, variant / hint / op, match / form)).
# Every bug here gives the same numbers whatever the heap layout: none keeps children in a set while its
# result depends on their order (such an engine's exact score moves with the grader's own code; README,
# Determinism), so these scores change only when the grader's judgement does.
ENGINE = {
    "bug-creation-order-relu-ge": (62.0, 1, [("variant", "relu-at-zero", "exact")]),
    "bug-dataclass-exp-input": (61.0, 2, [("variant", "exp-input", "exact")]),
    # shared nodes pass their gradient on twice: the tests with a node reached along two paths
    "bug-dfs-no-visited": (50.25, 7, [("variant", "no-visited", "style")]),
    "bug-dispatch-rsub-order": (62.0, 1, [("variant", "rsub-order", "exact")]),
    # None where the contract says 0: the two tests that read a gradient no backward pass reached (the random
    # graphs ask only about nodes their output depends on); no variant makes it, and nothing is said
    # 61.0 before session 29: backward/untouched-leaf's second graph (untouched_other_graph) reaches c, whose grad it
    # then sets; the None its first probe shows is backward/grads-start-at-zero's mistake
    "bug-grad-none-until-reached": (61.5, 2, []),
    # `=` in the only place gradients are added: every shared node, in every test
    # 24.1667 before holes28: relu/positive's relu(a) * a * 3 sees its relu assign too
    "bug-kahn-assign": (23.8334, 31, [("variant", "assign-not-accumulate-everywhere", "exact")]),
    "bug-kahn-grad-starts-one": (0.0, 51, [("variant", "grad-starts-one", "style")]),
    # 32.1667 before holes27 (a9e39d4): pow/fractional's share a third per probe, where a half
    # 32.0 before holes28: relu/positive's relu(a) * a * 3 needs relu's node, a grandchild, reached
    "bug-tuple-direct-children-only": (31.8333, 25, [("variant", "direct-children-only", "exact")]),
    "bug-opdict-tanh-input": (60.0, 3, [("variant", "tanh-input", "exact")]),
    "bug-powvalue-no-minus-one": (61.0, 2, [("variant", "pow-no-minus-one", "exact")]),
    "bug-printer-tanh-one-minus-t": (60.0, 3, [("variant", "tanh-one-minus-t", "exact")]),
    "bug-slots-no-seed": (4.0, 47, [("variant", "no-seed", "exact")]),
    "bug-stable-log-output": (61.0, 2, [("variant", "log-output", "exact")]),
    "bug-stack-forward-order": (14.1667, 41, [("variant", "forward-order", "exact")]),
    "bug-tinygrad-mul-self-data": (17.5, 39, [("variant", "mul-self-data", "style")]),
    "bug-tinygrad-sub-as-add": (61.0, 2, [("variant", "sub-as-add", "exact")]),
    # `a - 2` wraps 2 in a Value before negating it, so `a - 2` adds too: neg-self in that style. `a - b` and
    # `2 - a` are built on `-` (the composition probe): charged on neg/values alone (60 before session 21)
    "bug-zero-graph-neg-self": (62.0, 1, [("variant", "neg-self", "exact")]),
    "karpathy-verbatim-recursive": (61.0, 1, [("variant", "recursive-topo", "exact")]),
}
# the tests a bug with few of them loses: those that show it, each once
ENGINE_FAILING = {
    "bug-creation-order-relu-ge": ["relu/zero"],
    "bug-dataclass-exp-input": ["exp/negative", "exp/values"],
    "bug-dispatch-rsub-order": ["sub/constant"],
    "bug-grad-none-until-reached": ["backward/grads-start-at-zero", "backward/untouched-leaf"],
    "bug-opdict-tanh-input": ["tanh/negative", "tanh/saturated", "tanh/two"],
    "bug-powvalue-no-minus-one": ["pow/cube", "pow/fractional"],
    "bug-printer-tanh-one-minus-t": ["tanh/negative", "tanh/saturated", "tanh/two"],
    "bug-stable-log-output": ["log/small", "log/values"],
    "bug-tinygrad-sub-as-add": ["sub/constant", "sub/values"],
    "bug-zero-graph-neg-self": ["neg/values"],
    "karpathy-verbatim-recursive": ["backward/deep-chain"],
}

# 02-accumulate calls each node's `_backward` by hand; an engine without closures is driven by its own
# backward(), whose walk decides what a `=` keeps and whether a wrong order shows (styles.py: no-closures)
ACCUMULATE = {
    "bug-kahn-assign": (0.0, [("variant", "assign-not-accumulate-everywhere", "style")]),
    "bug-tuple-direct-children-only": (11.0, [("variant", "direct-children-only", "style")]),
    "bug-kahn-grad-starts-one": (0.0, [("variant", "grad-starts-one", "exact")]),
    "bug-slots-no-seed": (0.0, [("variant", "no-seed", "style")]),
    "bug-stack-forward-order": (5.0, [("variant", "forward-order", "style")]),
    "bug-tinygrad-mul-self-data": (7.0, [("variant", "mul-self-data", "style")]),
    # backward() is 05's lesson: 02 says nothing about how the student's own walk is built
    "karpathy-verbatim-recursive": (18.0, []),
}

TANH = {
    # probes26: tanh/two reads a second tanh, and the core order_deep: a wrong walk or core op loses tanh/two too
    "bug-dfs-no-visited": (15.0, [("variant", "no-visited", "style")]),
    # `=` everywhere, walked by Kahn's algorithm: told from `=` in `__mul__` alone since charging's core probes
    # (c * c + c, a diamond through `+`) are observed too (charge04)
    "bug-kahn-assign": (12.0, [("variant", "assign-not-accumulate-everywhere", "style")]),
    "bug-kahn-grad-starts-one": (0.0, [("variant", "grad-starts-one", "exact")]),
    "bug-tuple-direct-children-only": (10.0, [("variant", "direct-children-only", "style")]),
    # tanh's own tests alone: graph/* do not charge it again (charge04: 3.0 before)
    "bug-opdict-tanh-input": (10.0, [("variant", "tanh-input", "exact")]),
    # and the lecture's tanh formula, which overflows at x = 400: that raise is named too (charge04: 3.0 before)
    "bug-printer-tanh-one-minus-t": (10.0, [("variant", "tanh-one-minus-t", "exact"), ("raises", "tanh", None)]),
    "bug-slots-no-seed": (2.0, [("variant", "no-seed", "exact")]),
    "bug-stack-forward-order": (8.0, [("variant", "forward-order", "exact")]),
    "bug-tinygrad-mul-self-data": (9.0, [("variant", "mul-self-data", "exact")]),
    "karpathy-verbatim-recursive": (16.0, [("raises", "tanh", None), ("hint", "recursive-topo", None)]),
}

MORE_OPS = {
    # charged once since session 25 (04's OwnTests): each mistake on its own tests alone. probes26: each op's own
    # test reads a second instance of it, and the core order_deep (a walk that calls only a node's direct children,
    # or walks forwards, no longer passes the core and has nothing excused): a wrong walk or core op loses more
    "bug-dataclass-exp-input": (26.0, [("variant", "exp-input", "exact")]),
    "bug-dfs-no-visited": (28.0, [("variant", "no-visited", "style")]),
    "bug-dispatch-rsub-order": (28.0, [("variant", "rsub-order", "exact")]),
    "bug-kahn-assign": (16.6667, [("variant", "assign-not-accumulate-everywhere", "style")]),  # partial credit
    "bug-kahn-grad-starts-one": (0.0, [("variant", "grad-starts-one", "style")]),
    "bug-tuple-direct-children-only": (16.6666, [("variant", "direct-children-only", "exact")]),
    "bug-powvalue-no-minus-one": (26.0, [("variant", "pow-no-minus-one", "exact")]),
    "bug-slots-no-seed": (2.0, [("variant", "no-seed", "exact")]),
    "bug-stable-log-output": (26.0, [("variant", "log-output", "exact")]),
    "bug-stack-forward-order": (5.3333, [("variant", "forward-order", "exact")]),
    "bug-tinygrad-mul-self-data": (5.6666, [("variant", "mul-self-data", "style")]),
    "bug-tinygrad-sub-as-add": (25.0, [("variant", "sub-as-add", "exact")]),
    "bug-zero-graph-neg-self": (29.0, [("variant", "neg-self", "exact")]),
    "karpathy-verbatim-recursive": (30.0, [("hint", "recursive-topo", None)]),
}


def _rows(tmp_path_factory, exercise):
    cache = tmp_path_factory.mktemp(f"strangers-{exercise}") / "cache"
    result = grade(STRANGERS, exercise=exercise, limits=LIMITS, jobs=2, cache_dir=cache)
    return {row["id"]: row for row in result.scores["submissions"]}


@slow_fixture(scope="module")
def engine_rows(tmp_path_factory):
    return _rows(tmp_path_factory, "engine")


@slow_fixture(scope="module")
def accumulate_rows(tmp_path_factory):
    return _rows(tmp_path_factory, "02-accumulate")


@slow_fixture(scope="module")
def tanh_rows(tmp_path_factory):
    return _rows(tmp_path_factory, "03-tanh")


@slow_fixture(scope="module")
def more_ops_rows(tmp_path_factory):
    return _rows(tmp_path_factory, "04-more-ops")


def _failing(row):
    return sorted(t["name"] for t in row["tests"] if t["status"] != "passed")


def _diagnosis(row):
    return [(d["kind"], d.get("variant") or d.get("walk") or d.get("hint") or d.get("method") or d.get("op"),
             d.get("match") or d.get("form")) for d in row["diagnosis"]]


def test_every_stranger_is_in_a_table():
    assert sorted(p.name for p in STRANGERS.iterdir()) == sorted(CORRECT + list(ENGINE))
    assert set(ENGINE_FAILING) <= set(ENGINE)


# -- the engine suite --------------------------------------------------------------------------------------


@pytest.mark.parametrize("case", CORRECT)
def test_a_correct_stranger_scores_full_on_the_engine_suite_and_nothing_is_said(engine_rows, case):
    row = engine_rows[case]
    assert (row["status"], row["score"], _failing(row), row["diagnosis"]) == ("graded", FULL, [], [])


@pytest.mark.parametrize("case", sorted(ENGINE))
def test_a_stranger_with_one_bug_gets_its_score_and_diagnosis_on_the_engine_suite(engine_rows, case):
    row = engine_rows[case]
    score, failing, diagnosis = ENGINE[case]
    assert (row["score"], len(_failing(row)), _diagnosis(row)) == (score, failing, diagnosis)
    if case in ENGINE_FAILING:
        assert _failing(row) == ENGINE_FAILING[case]


def test_a_function_class_per_operation_is_no_recursive_sort(engine_rows):
    # Value.backward calls `node._fn.backward(node._ctx, node.grad)`: another class's method, not itself
    assert not any(d.get("hint") == "recursive-topo"
                   for case in ("tinygrad-functions", "bug-tinygrad-mul-self-data", "bug-tinygrad-sub-as-add")
                   for d in engine_rows[case]["diagnosis"])


# -- the exercises -----------------------------------------------------------------------------------------


# one test per exercise: a test that used both batches would make them one group, graded in one worker
# (tests/costs.py), where two workers can grade them at once
@pytest.mark.parametrize("case", CORRECT)
def test_a_correct_stranger_scores_full_on_02_accumulate(accumulate_rows, case):
    assert (accumulate_rows[case]["score"], accumulate_rows[case]["diagnosis"]) == (18.0, [])


@pytest.mark.parametrize("case", CORRECT)
def test_a_correct_stranger_scores_full_on_04_more_ops(more_ops_rows, case):
    assert (more_ops_rows[case]["score"], more_ops_rows[case]["diagnosis"]) == (30.0, [])


@pytest.mark.parametrize("case", sorted(ACCUMULATE))
def test_02_accumulate_names_the_bug_of_an_engine_driven_by_its_own_walk(accumulate_rows, case):
    assert (accumulate_rows[case]["score"], _diagnosis(accumulate_rows[case])) == ACCUMULATE[case]


def test_closures_that_take_the_upstream_gradient_are_driven_by_their_own_backward(accumulate_rows):
    # 01 and 02 call each node's `_backward()` by hand; `_backward(g)` cannot be called so, and
    # probekit.backprop_by_hand drives such an engine by its own backward() instead
    row = accumulate_rows["closure-takes-grad"]
    assert (row["score"], _failing(row)) == (18.0, [])


def test_02_accumulate_says_nothing_of_bugs_its_probes_cannot_see(accumulate_rows):
    quiet = set(ENGINE) - set(ACCUMULATE)
    assert {case: (accumulate_rows[case]["score"], accumulate_rows[case]["diagnosis"]) for case in quiet} == {
        case: (18.0, []) for case in quiet}


@pytest.mark.parametrize("case", sorted(set(CORRECT) | set(TANH)))
def test_03_tanh(tanh_rows, case):
    row = tanh_rows[case]
    if case in EXP_FORMULA_TANH:
        # a real bug of the lecture's formula, charged once by the test about it, with its own message; the
        # diagnosis names the op that raised, the exception and the line
        assert (row["score"], _failing(row), _diagnosis(row)) == (16.0, ["saturation/large-input"],
                                                                   [("raises", "tanh", None)])
        assert "raised OverflowError: math range error. It raised at engine.py, line" in row["diagnosis"][0][
            "explanation"]
        large = next(t for t in row["tests"] if t["name"] == "saturation/large-input")
        assert "your tanh raised OverflowError" in large["output"]
    elif case in TANH:
        assert (row["score"], _diagnosis(row)) == TANH[case]
    else:
        assert (row["score"], row["diagnosis"]) == (17.0, [])


@pytest.mark.parametrize("case", sorted(MORE_OPS))
def test_04_more_ops(more_ops_rows, case):
    assert (more_ops_rows[case]["score"], _diagnosis(more_ops_rows[case])) == MORE_OPS[case]


# -- the static hint of a recursive sort --------------------------------------------------------------------


def _recursive(source):
    tree = tree_of({"engine.py": source.encode()}, "engine.py")
    return [h["line"] for h in recursive_sorts(tree, tree.parents, "engine.py")]


FUNCTION_PER_OP = """\
class Mul:
    @staticmethod
    def backward(ctx, grad):
        return ctx.b * grad, ctx.a * grad

class Value:
    def backward(self):
        for node in self.order():
            grads = node.{receiver}.backward({args})
"""


def test_a_call_to_a_method_of_the_same_name_on_another_object_is_no_recursion():
    # the arguments cannot bind to Value.backward(self): another function of that name
    assert _recursive(FUNCTION_PER_OP.format(receiver="_fn", args="node._ctx, node.grad")) == []
    # they could, but the receiver is an attribute and another class defines `backward`: its object
    assert _recursive(FUNCTION_PER_OP.format(receiver="_ctx", args="")) == []


def test_a_method_that_calls_itself_on_its_children_is_a_recursive_sort():
    source = ("class Value:\n    def build_topo(self, order, seen):\n        if self not in seen:\n"
              "            seen.add(self)\n            for child in self._prev:\n"
              "                child.build_topo(order, seen)\n            order.append(self)\n")
    assert _recursive(source) == [2]
    # a nested helper called with a wrong number of arguments is not a call to itself
    nested = ("class Value:\n    def backward(self):\n        def visit(v, order):\n"
              "            for c in v._prev:\n                visit(c)\n")
    assert _recursive(nested) == []
    assert _recursive(nested.replace("visit(c)", "visit(c, order)")) == [3]


def test_every_correct_stranger_gets_no_static_hint():
    for case in CORRECT:
        source = (STRANGERS / case / "engine.py").read_bytes()
        assert static_hints({"engine.py": source}) == [], case
