"""Session 35's diagnosis gaps (diag35): fresh engines, each with a correct twin, for the places and names session
34 left (docs/diagnosis.md, "Session 35").

`tests/fixtures/diag35/engine/` holds correct engines in styles no earlier fixture has; `PLANTED` plants one mistake
in each (and in two earlier strangers' engines), the whole graded in one batch:

- `=` for `+=` written in a generator: a coroutine each node owns (`contribution = yield`, sent `local * node.grad`),
  a loop over a generator that yields each edge's share (`for target, amount in self._flows()`), a rule that is a
  generator function driven by `yield from` (its `*` rule, where no variant matches, and the rule every unary op
  runs), strangers34's coroutine sink and strangers30's primed rule coroutines. Before: no line (the assign-grad
  reading knew closures, a walk's loop and helpers the rules call); now each at its line
  (grader/diagnose/generators.py).
"""
import shutil
from pathlib import Path

import pytest
from costs import slow_fixture
from test_fresh_styles import LIMITS, assert_scored_and_named
from test_strangers27 import _patched

from grader.pipeline import grade

FIXTURES = Path(__file__).parent / "fixtures"
FRESH = FIXTURES / "diag35" / "engine"

# id -> (the engine it is planted in: a folder of FRESH, or a path under tests/fixtures, [(text, replaced by)])
PLANTED = {
    "bug-inbox-assign": ("correct-inbox-coroutines", [("self.grad += contribution", "self.grad = contribution")]),
    "bug-flows-assign": ("correct-flows-generator", [("target.grad += amount", "target.grad = amount")]),
    "bug-yield-from-mul-assign": ("correct-yield-from-edges", [("    a.grad += b.data * out.grad",
                                                                "    a.grad = b.data * out.grad")]),
    "bug-yield-from-unary-assign": ("correct-yield-from-edges", [("a.grad += local * out.grad",
                                                                  "a.grad = local * out.grad")]),
    "bug-s34-coroutine-assign": ("strangers34/engine/correct-coroutine-backward", [("node.grad += amount",
                                                                                    "node.grad = amount")]),
    "bug-s30-coroutine-rules-assign": ("strangers30/engine/correct-coroutine-rules", [
        ("node.grad += local() * out.grad", "node.grad = local() * out.grad")]),
    # a sort without a visited set: an explicit stack of (node, expanded), a stack of iterators
    "bug-flows-no-visited": ("correct-flows-generator", [
        ("            if node in done:\n                continue\n", ""),
        ("                if parent not in done:\n                    todo.append((parent, False))",
         "                todo.append((parent, False))")]),
    "bug-inbox-no-visited": ("correct-inbox-coroutines", [
        ("            elif id(nxt) not in seen:\n                seen.add(id(nxt))\n"
         "                stack.append((nxt, iter(nxt._prev)))",
         "            else:\n                stack.append((nxt, iter(nxt._prev)))")]),
    # an order sorted once and kept for every later graph: on the class, under a constant key of a default dict
    "bug-order-on-class": ("correct-order-on-node", [
        ("class Value:\n", "class Value:\n    _order_memo = None  # the graph is the same at every step: sort once\n\n"),
        ("        self._order_memo = None\n", ""),
        ("        if self._order_memo is None:\n            self._order_memo = self._sort()\n",
         "        if Value._order_memo is None:\n            Value._order_memo = self._sort()\n"),
        ("reversed(self._order_memo)", "reversed(Value._order_memo)")]),
    "bug-memo-default-key": ("correct-memo-default-dict", [
        ("        if self not in _orders:\n            _orders[self] = self.topological()\n",
         "        if \"order\" not in _orders:\n            _orders[\"order\"] = self.topological()\n"),
        ("reversed(_orders[self])", "reversed(_orders[\"order\"])")]),
    # `2 + a` not written: a Value that subclasses float (float's own `__radd__` answers, with a plain float), one
    # whose ops return NotImplemented for what they cannot coerce, and the classic closures' engine
    "bug-float-value-radd-missing": ("correct-float-value", [
        ("    def __radd__(self, other):\n        return Value.wrap(other) + self\n\n", "")]),
    "bug-float-value-rmul-missing": ("correct-float-value", [
        ("    def __rmul__(self, other):\n        return Value.wrap(other) * self\n\n", "")]),
    "bug-coerce-radd-missing": ("correct-coerce-notimplemented", [
        ("    def __radd__(self, other):\n        return self.__add__(other)\n\n", "")]),
    "bug-order-on-node-radd-missing": ("correct-order-on-node", [
        ("    def __radd__(self, other):\n        return self + other\n\n", "")]),
    # the walk in a module the engine imports whole (`import walker` ... `walker.backprop(self)`): forwards, and
    # without its seed
    "bug-walker-forward-order": ("correct-walker-module", [("for node in reversed(order_of(root)):",
                                                            "for node in order_of(root):")]),
    "bug-walker-no-seed": ("correct-walker-module", [("    root.grad = 1.0\n", "")]),
}


# 09-write-tests: a tests file that imports a helper module of the student's own (`from checks import ...`)
PLANTED_09 = {
    # a SyntaxError in the helper: the tests file could not be run; its place, checks.py's line
    "bug-helper-syntax": ("correct-helper-module", [("def slope(f, x, h=1e-6):", "def slope(f, x, h=1e-6)")]),
    # a NameError raised in the helper as a test runs, and one in a test itself
    "bug-helper-name-error": ("correct-helper-module", [("    out.backward()\n", "    out.backward()\n    leafs\n")]),
    "bug-test-name-error": ("correct-helper-module", [("    assert close(gx, slope(math.tanh, 0.8))",
                                                       "    assert close(gx, slope(tanh, 0.8))")]),
}
FRESH_09 = FIXTURES / "diag35" / "09-write-tests"


def _folder(base):
    return FRESH / base if (FRESH / base).is_dir() else FIXTURES / base


def _source(base):
    return _folder(base) / "engine.py"


def build_class(folder):
    """Every correct engine of FRESH and every planted one, each a folder of its own (the patches made in the one
    file of the engine that holds them all)."""
    for case in sorted(FRESH.iterdir()):
        shutil.copytree(case, folder / case.name)
    for case, (base, patches) in PLANTED.items():
        _plant(_folder(base), folder / case, patches)


def _plant(base, made, patches):
    """BASE's files copied to MADE, PATCHES made in the one file that holds them all."""
    shutil.copytree(base, made)
    path = next(p for p in sorted(made.glob("*.py")) if all(old in p.read_text(encoding="utf-8") for old, _ in patches))
    path.write_text(_patched(path.read_text(encoding="utf-8"), patches, made.name), encoding="utf-8")


@slow_fixture(scope="module")
def rows(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("diag35")
    (tmp / "class").mkdir()
    build_class(tmp / "class")
    result = grade(tmp / "class", exercise="engine", limits=LIMITS, jobs=2, cache_dir=tmp / "cache")
    return {row["id"]: row for row in result.scores["submissions"]}


CORRECT = sorted(p.name for p in FRESH.iterdir())
ASSIGN_EVERYWHERE = [("variant", "assign-not-accumulate-everywhere", "exact")]
ASSIGN_EVERYWHERE_STYLE = [("variant", "assign-not-accumulate-everywhere", "style")]
# id -> (score, the tests not passed or how many, diagnosis as (kind, variant / hint / method, match / form))
TABLE = {
    **{case: (63.0, [], []) for case in CORRECT},
    "bug-inbox-assign": (23.8334, 31, ASSIGN_EVERYWHERE_STYLE),
    "bug-flows-assign": (23.8334, 31, ASSIGN_EVERYWHERE),
    # one `=` in `*`'s rule for `a` alone: no variant matches; the source says it
    "bug-yield-from-mul-assign": (38.0, 18, [("hint", "assign-grad", None)]),
    # the rule every unary op runs: five variants, one line (same_line.one_per_line)
    "bug-yield-from-unary-assign": (60.8334, ["exp/values", "log/values", "pow/fractional", "relu/positive",
                                              "tanh/negative"], [("variant", "tanh-assign-not-accumulate", "exact")]),
    "bug-s34-coroutine-assign": (23.8334, 31, ASSIGN_EVERYWHERE),
    "bug-s30-coroutine-rules-assign": (23.8334, 31, ASSIGN_EVERYWHERE_STYLE),
    "bug-flows-no-visited": (50.25, 7, [("variant", "no-visited", "style")]),
    "bug-inbox-no-visited": (50.25, 7, [("variant", "no-visited", "style")]),
    # the numbers are a walk in the wrong order's (only the output keeps a gradient); the source says why
    "bug-order-on-class": (4.0, 47, [("variant", "forward-order", "exact")]),
    "bug-memo-default-key": (4.0, 47, [("variant", "forward-order", "exact")]),
    "bug-float-value-radd-missing": (62.0, ["add/constant"], [("missing-op", "__radd__", None)]),
    "bug-float-value-rmul-missing": (62.0, ["mul/constant"], [("missing-op", "__rmul__", None)]),
    "bug-coerce-radd-missing": (62.0, ["add/constant"], [("missing-op", "__radd__", None)]),
    "bug-order-on-node-radd-missing": (61.0, ["add/constant", "sub/constant"], [("missing-op", "__radd__", None)]),
    "bug-walker-forward-order": (14.1667, 41, [("variant", "forward-order", "exact")]),
    # walker.py is read for the seed (session 36): the finding takes the hint's place, walker.py's `def backprop`
    "bug-walker-no-seed": (4.0, 47, [("variant", "no-seed", "exact")]),
}


def test_every_submission_is_in_the_table(rows):
    assert sorted(rows) == sorted(TABLE) == sorted([*CORRECT, *PLANTED])


@pytest.mark.parametrize("case", sorted(TABLE))
def test_each_submission_scores_and_is_named(rows, case):
    assert rows[case]["status"] == "graded", rows[case]["message"]
    assert_scored_and_named(rows[case], TABLE[case])


@pytest.mark.parametrize("case,place", [
    # before: no line (an `=` written in a generator)
    ("bug-inbox-assign", ("engine.py", 18)),  # `self.grad = contribution`, in the coroutine `_listen`
    ("bug-flows-assign", ("engine.py", 75)),  # `target.grad = amount`, in the loop over `self._flows()`
    ("bug-yield-from-mul-assign", ("engine.py", 13)),
    ("bug-yield-from-unary-assign", ("engine.py", 19)),
    ("bug-s34-coroutine-assign", ("engine.py", 11)),
    ("bug-s30-coroutine-rules-assign", ("engine.py", 11)),
    # before: no line; where the sort walks a node's inputs with no visited test
    ("bug-flows-no-visited", ("engine.py", 60)),  # `for parent in node._prev:`
    ("bug-inbox-no-visited", ("engine.py", 60)),  # `stack.append((nxt, iter(nxt._prev)))`
    # before: no line ("walks the order forwards", where the loop walks it reversed); the order kept for later graphs
    ("bug-order-on-class", ("engine.py", 94)),
    ("bug-memo-default-key", ("engine.py", 59)),
    # before: no line (the walk's place read only `from graph import ...`; the seed's rule read `import walker` too)
    ("bug-walker-forward-order", ("walker.py", 20)),
    # before session 36: no line; now the walk's `def` in walker.py, and the class the method goes in
    ("bug-walker-no-seed", ("walker.py", 18)),
    ("bug-float-value-radd-missing", ("engine.py", 6)),
])
def test_a_finding_names_its_line(rows, case, place):
    assert (rows[case]["diagnosis"][0].get("file"), rows[case]["diagnosis"][0].get("line")) == place


def test_an_order_sorted_once_is_named_as_that(rows):
    entry = rows["bug-memo-default-key"]["diagnosis"][0]
    assert (entry["form"], entry["store"]) == ("sorted-once", '_orders["order"]')
    assert entry["title"] == "Your backward() sorts the graph once and walks that order for every later graph"
    assert entry["explanation"] == (
        "For y = (a / 4) + (2 / a) at a = 0.5 (reflected division: 2 / a), a.grad is 0.0, not -7.75. backward() keeps "
        "the topological order in `_orders[\"order\"]` the first time it runs, and every later call walks that same "
        "order: the nodes of a new graph are not in it, so none of their backward rules runs, and only the output "
        "keeps a gradient, its seed of 1. Sort the graph in every call of backward(), or keep each order on the "
        "output node it was sorted for.")
    assert rows["bug-order-on-class"]["diagnosis"][0]["store"] == "Value._order_memo"


def test_a_reflected_op_inherited_from_float_is_named(rows):
    entry = rows["bug-float-value-radd-missing"]["diagnosis"][0]
    assert (entry["method"], entry["inherited_from"], entry["tests"]) == ("__radd__", "float", ["add/constant"])
    assert entry["title"] == "`2 + a` does not work: your `Value` has no `__radd__`"
    assert entry["explanation"] == (
        "For y = (a + 5) * (5 + a) at a = 1.5 (a constant on either side of +), your engine raised AttributeError: "
        "'float' object has no attribute 'data'. Your `Value` subclasses `float` and has no `__radd__` of its own, so "
        "for `2 + a` Python uses `float`'s, which returns a plain float: no node, and no gradient flows back to `a`. "
        "Add a `__radd__` method to your class `Value`. Every test that needs `2 + a` fails here; the other tests do not charge for it again.")


# -- in process: the readings of the source ---------------------------------------------------------------------

def _assignments(source):
    from grader.diagnose.source_patterns import grad_assignments
    from grader.diagnose.source_tree import tree_of

    tree = tree_of({"engine.py": source.encode()}, "engine.py")
    tree.deadline = float("inf")
    return [(h["line"], h["places"]) for h in grad_assignments(tree, tree.parents, "engine.py")]


SINK = """def _sink():
    while True:
        node, amount = yield
        node.grad = amount


class Value:
    def backward(self):
        sink = _sink()
        next(sink)
        for node in self._order():
            for parent, local in node._edges:
                sink.send({sent})
"""


def test_a_coroutine_sent_each_edges_share_is_read():
    assert _assignments(SINK.format(sent="(parent, local * node.grad)")) == [(4, [{"line": 4, "function": "_sink"}])]
    # sent through a local name that holds a gradient
    held = SINK.replace("sink.send({sent})", "share = local * node.grad\n                sink.send((parent, share))")
    assert _assignments(held) == [(4, [{"line": 4, "function": "_sink"}])]
    # a total summed elsewhere (`=` is right there), or a share sent in another position than the one assigned
    assert _assignments(SINK.format(sent="(parent, totals[parent])")) == []
    assert _assignments(SINK.format(sent="(parent.grad, local)")) == []


FLOWS = """class Value:
    def _flows(self):
        for node in reversed(self._order()):
            for parent, local in node._edges:
                yield {yielded}

    def backward(self):
        self.grad = 1
        for target, amount in self._flows():
            target.grad = amount
"""


def test_a_loop_over_a_generator_of_each_edges_share_is_read():
    assert _assignments(FLOWS.format(yielded="parent, local * node.grad")) == [
        (10, [{"line": 10, "function": "backward"}])]
    # followed through `yield from`
    inner = FLOWS.replace("                yield {yielded}", "                yield from self._share(parent, local, node)")
    inner += "\n    def _share(self, parent, local, node):\n        yield parent, local * node.grad\n"
    assert _assignments(inner) == [(10, [{"line": 10, "function": "backward"}])]
    assert _assignments(FLOWS.format(yielded="parent, totals[parent]")) == []


def test_a_generator_rule_reading_a_gradient_is_read_and_a_plain_generator_is_not():
    rule = "def _rule(a, out):\n    while True:\n        yield\n        a.grad = 2 * out.grad\n"
    assert _assignments(rule) == [(4, [{"line": 4, "function": "_rule"}])]
    assert _assignments(rule.replace("        yield\n", "")) == []  # not a generator, nor a closure: as before


def _walk_place(variant, source):
    from grader.diagnose.walk_places import walk_place

    return walk_place(variant, {"engine.py": source.encode()})


def test_a_sort_with_a_visited_test_is_not_placed_as_without():
    source = (FRESH / "correct-flows-generator" / "engine.py").read_text(encoding="utf-8")
    assert _walk_place("no-visited", source) is None
    assert _walk_place("no-visited", _patched(source, PLANTED["bug-flows-no-visited"][1], "flows")) == 60


def test_an_order_kept_on_its_own_output_is_not_sorted_once():
    from grader.diagnose.source_tree import tree_of
    from grader.diagnose.walk_places import _sorted_once

    for case in ("correct-order-on-node", "correct-memo-default-dict"):  # `self._order_memo`, `_orders[self]`
        tree = tree_of({"engine.py": _source(case).read_bytes()}, "engine.py")
        tree.deadline = float("inf")
        assert _sorted_once(tree) is None
    source = _patched(_source("correct-order-on-node").read_text(encoding="utf-8"),
                      PLANTED["bug-order-on-class"][1], "class")
    tree = tree_of({"engine.py": source.encode()}, "engine.py")
    tree.deadline = float("inf")
    assert _sorted_once(tree)[0] == 94
    # sorted afresh at every call, into the same global: not kept
    fresh = source.replace("        if Value._order_memo is None:\n            Value._order_memo = self._sort()\n",
                           "        Value._order_memo = self._sort()\n")
    tree = tree_of({"engine.py": fresh.encode()}, "engine.py")
    tree.deadline = float("inf")
    assert _sorted_once(tree) is None


def test_one_rule_says_what_backward_hands_on_to_another_module():
    import ast

    from grader.diagnose.handed_on import handed_on
    from grader.diagnose.source_tree import tree_of

    def handed(source, files=("graph.py",)):
        tree = tree_of({"engine.py": source.encode()}, "engine.py")
        backward = next(n for n in ast.walk(tree.tree) if isinstance(n, ast.FunctionDef) and n.name == "backward")
        return handed_on([backward], tree, {name: b"" for name in files}, "engine.py")

    body = "\n\nclass Value:\n    def backward(self):\n        {call}\n"
    assert handed("from graph import run" + body.format(call="run(self)")) == [("graph.py", {"run"})]
    assert handed("import graph" + body.format(call="graph.run(self)")) == [("graph.py", {"run"})]
    assert handed("import graph as g" + body.format(call="g.run(self)")) == [("graph.py", {"run"})]
    # a module the submission does not hold (an installed package): handed on, with no file to read
    assert handed("import graph" + body.format(call="graph.run(self)"), files=()) == [(None, {"run"})]
    assert handed("import numpy as np" + body.format(call="np.zeros(3)")) == [(None, {"zeros"})]
    # the standard library, and an import backward() does not call: nothing handed on
    assert handed("import math" + body.format(call="math.exp(1)")) == []
    assert handed("import graph" + body.format(call="print(self)")) == []


def test_a_why_line_says_a_hints_line_once():
    from grader.classroom.check_report import names_a_place
    from grader.diagnose.hints import silent_backward_hints

    source = _source("correct-order-on-node").read_text(encoding="utf-8").replace("        self.grad = 1.0\n", "")
    (hint,) = silent_backward_hints({"engine.py": source.encode()})
    assert (hint["hint"], hint["line"]) == ("no-seed", 91)
    assert hint["explanation"].startswith("`backward` on line 91 walks the graph")
    assert not names_a_place(hint)  # before: "why:  ... (engine.py, line 91). `backward` on line 91 walks ..."
    assert names_a_place({**hint, "line": 92})  # words about another line: the place is said


@slow_fixture(scope="module")
def rows09(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("diag35-09")
    (tmp / "class").mkdir()
    build_class_09(tmp / "class")
    result = grade(tmp / "class", exercise="09-write-tests", limits=LIMITS, jobs=2, cache_dir=tmp / "cache")
    return {row["id"]: row for row in result.scores["submissions"]}


@pytest.mark.parametrize("case,expected", [
    # before: no place for any of them (the probe placed a line of test_engine.py alone, and none of a failing test)
    ("bug-helper-syntax", ("checks.py", 9, "your test file could not be run with the reference engine: SyntaxError: "
                           "expected ':' (checks.py, line 9)")),
    ("bug-helper-name-error", ("checks.py", 20, "7 of 7 tests fail on the reference engine, which is correct: "
                               "test_sum_and_product: NameError: name 'leafs' is not defined")),
    ("bug-test-name-error", ("test_engine.py", 19, "1 of 7 tests fail on the reference engine, which is correct: "
                             "test_tanh_matches_the_slope: NameError: name 'tanh' is not defined")),
])
def test_a_09_failure_in_the_students_files_has_its_place(rows09, case, expected):
    row = rows09[case]
    passes = next(t for t in row["tests"] if t["name"] == "reference/passes")
    assert (row["score"], passes["status"]) == (0.0, "failed")
    assert (passes["file"], passes["line"], passes["output"][:len(expected[2])]) == expected


def test_a_09_tests_file_with_a_helper_module_passes_on_the_reference(rows09):
    row = rows09["correct-helper-module"]
    passes = next(t for t in row["tests"] if t["name"] == "reference/passes")
    assert (row["score"], passes["status"], passes.get("file"), passes.get("line")) == (31.0, "passed", None, None)


def build_class_09(folder):
    """Each tests folder, and each planted one, beside the exercise's given engine."""
    given = (Path(__file__).parent.parent / "exercises" / "09-write-tests" / "engine.py").read_bytes()
    for case in sorted(FRESH_09.iterdir()):
        shutil.copytree(case, folder / case.name)
        (folder / case.name / "engine.py").write_bytes(given)
    for case, (base, patches) in PLANTED_09.items():
        _plant(FRESH_09 / base, folder / case, patches)
        (folder / case / "engine.py").write_bytes(given)


if __name__ == "__main__":  # build the class in a folder, to grade it by hand: python tests/test_diag35.py FOLDER
    import sys
    (build_class_09 if sys.argv[2:] == ["09"] else build_class)(Path(sys.argv[1]))
