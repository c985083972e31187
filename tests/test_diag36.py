"""Session 36's diagnosis places (diag36): fresh engines, each with a correct twin, for three findings session 35
left without a line (docs/diagnosis.md, "Session 36").

`tests/fixtures/diag36/engine/` holds four correct engines in styles no earlier fixture has: nodes written as
closures in nodes.py, the engine one import (`from nodes import Node as Value`); one table of local derivatives
behind a class exported under an alias (`Value = _Scalar`), its walk in autodiff.py; a Wengert list in tape.py that
every op writes and backward() replays; micrograd's shape with its order built by an explicit stack into a
`collections.deque`. `PLANTED` plants one mistake in each (and in diag35's walker engine), the whole graded in one
batch:

- an operator or method not written (`__rsub__`, `__truediv__`, `__neg__`, `tanh`): before, named without a line;
  now at the `class` statement of the class the engine exports, through an import or an alias
  (missing.class_place), and the words say which method to add;
- a seed left out of a walk written in another of the student's modules (`walker.backprop`, `autodiff.backpropagate`,
  `tape.replay`): before, no line; now at that function's `def` (seed_source._unseeded_hand_over);
- exp's local derivative taken of its output (`exp(exp(x))`): before, two findings at one line ("raises
  OverflowError" at x = 7.5, and "applied twice"); now one, the wrong formula's, that says where it also raises
  (same_line._raises_folded);
- a deque meant to be built already reversed, filled with `append` for `appendleft`: before, the loop over it; now
  its `append` (walk_places._appended_to_a_deque), in the engine, in the module its class lives in, and in the
  module backward() hands the walk to.
"""
import shutil
from pathlib import Path

import pytest
from costs import slow_fixture
from test_diag35 import _plant
from test_fresh_styles import LIMITS, assert_scored_and_named

from grader.pipeline import grade

FIXTURES = Path(__file__).parent / "fixtures"
FRESH = FIXTURES / "diag36" / "engine"

# id -> (the engine it is planted in: a folder of FRESH, or a path under tests/fixtures, [(text, replaced by)])
PLANTED = {
    # an operator or a method not written
    "bug-nodes-rsub-missing": ("correct-nodes-module", [
        ("    def __rsub__(self, other):\n        return _lift(other) + (-self)\n\n", "")]),
    "bug-alias-truediv-missing": ("correct-alias-table", [
        ("    def __truediv__(self, other):\n        return self * _Scalar.of(other) ** -1\n\n", "")]),
    "bug-stack-neg-missing": ("correct-deque-stack", [("    def __neg__(self):\n        return self * -1\n\n", "")]),
    "bug-tape-tanh-missing": ("correct-tape-module", [
        ("    def tanh(self):\n        t = math.tanh(self.data)\n        return Value._record(t, (self,), (1 - t ** 2,))"
         "\n\n", "")]),
    # the seed left out of a walk written in another module
    "bug-alias-no-seed": ("correct-alias-table", [("    root.grad = 1\n", "")]),
    "bug-tape-no-seed": ("correct-tape-module", [("    root.grad = 1.0\n", "")]),
    "bug-walker-no-seed": ("diag35/engine/correct-walker-module", [("    root.grad = 1.0\n", "")]),
    # exp's local derivative taken of its output, exp(exp(x)): wrong numbers, and an OverflowError at x = 7.5
    "bug-nodes-exp-of-output": ("correct-nodes-module", [("return self._unary(e, e)",
                                                          "return self._unary(e, math.exp(e))")]),
    "bug-alias-exp-of-output": ("correct-alias-table", [('"exp": lambda a: (math.exp(a),),',
                                                         '"exp": lambda a: (math.exp(math.exp(a)),),')]),
    "bug-tape-exp-of-output": ("correct-tape-module", [("return Value._record(e, (self,), (e,))",
                                                        "return Value._record(e, (self,), (math.exp(e),))")]),
    "bug-stack-exp-of-output": ("correct-deque-stack", [(
        'return self._one(math.exp(self.data), math.exp(self.data), "exp")',
        'return self._one(math.exp(self.data), math.exp(math.exp(self.data)), "exp")')]),
    # a deque filled with `append` where `appendleft` builds the order reversed
    "bug-nodes-deque-append": ("correct-nodes-module", [("order.appendleft(node)", "order.append(node)")]),
    "bug-alias-deque-append": ("correct-alias-table", [("order.appendleft(node)", "order.append(node)")]),
    "bug-stack-deque-append": ("correct-deque-stack", [("topo.appendleft(v)", "topo.append(v)")]),
}


def _folder(base):
    return FRESH / base if (FRESH / base).is_dir() else FIXTURES / base


def build_class(folder):
    """Every correct engine of FRESH and every planted one, each a folder of its own."""
    for case in sorted(FRESH.iterdir()):
        shutil.copytree(case, folder / case.name)
    for case, (base, patches) in PLANTED.items():
        _plant(_folder(base), folder / case, patches)


@slow_fixture(scope="module")
def rows(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("diag36")
    (tmp / "class").mkdir()
    build_class(tmp / "class")
    result = grade(tmp / "class", exercise="engine", limits=LIMITS, jobs=2, cache_dir=tmp / "cache")
    return {row["id"]: row for row in result.scores["submissions"]}


CORRECT = sorted(p.name for p in FRESH.iterdir())
# id -> (score, the tests not passed or how many, diagnosis as (kind, variant / hint / method, match / form)):
# the scores are those before session 36 (diagnosis names; it does not charge)
TABLE = {
    **{case: (63.0, [], []) for case in CORRECT},
    "bug-nodes-rsub-missing": (62.0, ["sub/constant"], [("missing-op", "__rsub__", None)]),
    "bug-alias-truediv-missing": (61.0, ["div/constant", "div/values"], [("missing-op", "__truediv__", None)]),
    "bug-stack-neg-missing": (62.0, ["neg/values"], [("missing-op", "__neg__", None)]),
    "bug-tape-tanh-missing": (59.0, ["tanh/negative", "tanh/saturated", "tanh/two", "tanh/zero"],
                              [("missing-op", "tanh", None)]),
    "bug-alias-no-seed": (4.0, 47, [("variant", "no-seed", "exact")]),
    "bug-tape-no-seed": (4.0, 47, [("variant", "no-seed", "exact")]),
    "bug-walker-no-seed": (4.0, 47, [("variant", "no-seed", "exact")]),
    # one finding, not two: the raise at x = 7.5 is the wrong formula's, at the same line (the alias engine's raise
    # happens in autodiff.py's walk, which no finding names: one finding there before too)
    **{case: (61.0, ["exp/negative", "exp/values"], [("derivative", "exp", "applied-twice")])
       for case in PLANTED if case.endswith("-exp-of-output")},
    "bug-nodes-deque-append": (14.1667, 41, [("variant", "forward-order", "exact")]),
    "bug-alias-deque-append": (14.1667, 41, [("variant", "forward-order", "exact")]),
    "bug-stack-deque-append": (14.1667, 41, [("variant", "forward-order", "exact")]),
}


def test_every_submission_is_in_the_table(rows):
    assert sorted(rows) == sorted(TABLE) == sorted([*CORRECT, *PLANTED])


@pytest.mark.parametrize("case", sorted(TABLE))
def test_each_submission_scores_and_is_named(rows, case):
    assert rows[case]["status"] == "graded", rows[case]["message"]
    assert_scored_and_named(rows[case], TABLE[case])


@pytest.mark.parametrize("case,place", [
    # before: no line; now the `class` statement of the class the engine exports
    ("bug-nodes-rsub-missing", ("nodes.py", 11)),  # `from nodes import Node as Value`: `class Node:`
    ("bug-alias-truediv-missing", ("engine.py", 24)),  # `Value = _Scalar`: `class _Scalar:`
    ("bug-stack-neg-missing", ("engine.py", 6)),
    ("bug-tape-tanh-missing", ("engine.py", 7)),
    # before: no line; now the `def` of the walk backward() hands on to, which sets no seed
    ("bug-alias-no-seed", ("autodiff.py", 18)),  # `def backpropagate(root):`
    ("bug-tape-no-seed", ("tape.py", 20)),  # `def replay(root):`
    ("bug-walker-no-seed", ("walker.py", 18)),  # `def backprop(root):`
    # before: two findings at this line, "raises OverflowError" first (the alias engine's: one, engine.py line 10)
    ("bug-nodes-exp-of-output", ("nodes.py", 63)),
    ("bug-alias-exp-of-output", ("engine.py", 10)),
    ("bug-tape-exp-of-output", ("engine.py", 36)),
    ("bug-stack-exp-of-output", ("engine.py", 58)),
    # before: the loop over the deque (autodiff.py 21, engine.py 78) or no line (nodes.py); now its `append`
    ("bug-nodes-deque-append", ("nodes.py", 97)),
    ("bug-alias-deque-append", ("autodiff.py", 10)),
    ("bug-stack-deque-append", ("engine.py", 75)),
])
def test_a_finding_names_its_line(rows, case, place):
    assert (rows[case]["diagnosis"][0].get("file"), rows[case]["diagnosis"][0].get("line")) == place


def test_a_missing_operator_says_which_method_to_add(rows):
    entry = rows["bug-alias-truediv-missing"]["diagnosis"][0]
    assert (entry["method"], entry["cls"], entry["tests"]) == ("__truediv__", "Value", ["div/values", "div/constant"])
    assert entry["title"] == "`a / b` does not work: your `Value` has no `__truediv__`"
    assert entry["explanation"] == (
        "For y = a / b at a = 3, b = 4, your engine raised TypeError: unsupported operand type(s) for /: '_Scalar' and "
        "'_Scalar'. Python looks up `__truediv__` on your `Value` for `a / b`, and finds none. Add a `__truediv__` "
        "method to your class `Value`. Every test that needs `a / b` fails here; the other tests do not charge for it "
        "again.")


def test_a_wrong_formula_that_also_raises_is_one_finding(rows):
    (entry,) = rows["bug-tape-exp-of-output"]["diagnosis"]
    assert (entry["op"], entry["form"], entry["raised"], entry["tests"]) == (
        "exp", "applied-twice", "OverflowError", ["exp/negative", "exp/values"])
    assert entry["explanation"] == (
        "For y = exp(x) at x = 1.2, x.grad is 27.66358487, not 3.320116923. This rule alone explains the numbers at "
        "every point tried. The same line also raises, on another input: for y = exp(x) at x = 7.5 (a large input), "
        "your engine raised OverflowError: math range error.")


def test_a_raise_is_folded_only_into_a_wrong_local_of_its_own_op_at_its_own_line():
    from grader.diagnose.same_line import _raises_folded

    raise_ = {"kind": "raises", "op": "exp", "exception": "OverflowError", "file": "engine.py", "line": 36,
              "tests": ["exp/values"]}
    wrong = {"kind": "derivative", "op": "exp", "form": "applied-twice", "file": "engine.py", "line": 36,
             "tests": ["exp/negative"]}
    (one,) = _raises_folded([raise_, wrong])
    assert (one["kind"], one["tests"], one["raised"]) == ("derivative", ["exp/negative", "exp/values"], "OverflowError")
    # another line, another op, or an exception no value out of range raises (a name not defined): two findings
    for other in ({**wrong, "line": 37}, {**wrong, "op": "log"}):
        assert _raises_folded([raise_, other]) == [raise_, other]
    assert _raises_folded([{**raise_, "exception": "NameError"}, wrong]) == [{**raise_, "exception": "NameError"},
                                                                             wrong]


def test_a_seed_left_out_of_another_modules_walk_is_said_there(rows):
    from grader.diagnose.hints import silent_backward_hints

    files = {p.name: p.read_bytes() for p in (FRESH / "correct-tape-module").glob("*.py")}
    assert silent_backward_hints(files) == []
    files["tape.py"] = files["tape.py"].replace(b"    root.grad = 1.0\n", b"")
    (hint,) = silent_backward_hints(files)
    assert (hint["hint"], hint["file"], hint["line"]) == ("no-seed", "tape.py", 20)
    assert hint["explanation"] == (
        "`backward` hands the walk to `replay` in tape.py, but nothing there sets the output's gradient to 1 first "
        "(dL/dL = 1). Every rule multiplies by `out.grad`, so with the seed left at 0 every gradient stays 0.")
    # the engine file is the same in both: the reading is remembered by every file, not the engine's alone
    del files["tape.py"]  # a module the submission does not hold (an installed package) may set the seed
    assert silent_backward_hints(files) == []


# -- in process: the readings of the source ---------------------------------------------------------------------

def _hints(engine, **modules):
    from grader.diagnose.hints import silent_backward_hints

    return [(h["file"], h["line"]) for h in silent_backward_hints({"engine.py": engine.encode(),
                                                                   **{f"{k}.py": v.encode() for k, v in
                                                                      modules.items()}})]


ENGINE = "{imports}\n\n\nclass Value:\n    def __init__(self, data):\n        self.data, self.grad = data, 0.0\n\n" \
         "    def backward(self):\n        {call}\n"
WALK = "def run(root):\n    {seed}for node in reversed(order(root)):\n        node.rule()\n\n\n" \
       "def order(root):\n    return [root]\n"


@pytest.mark.parametrize("imports,call", [
    ("import walk", "walk.run(self)"), ("from walk import run", "run(self)"), ("import walk as w", "w.run(self)")])
def test_a_seed_is_read_in_the_one_function_backward_hands_the_walk_to(imports, call):
    engine = ENGINE.format(imports=imports, call=call)
    assert _hints(engine, walk=WALK.format(seed="")) == [("walk.py", 1)]
    assert _hints(engine, walk=WALK.format(seed="root.grad = 1.0\n    ")) == []
    # set in a function the walk calls in its module, or handed on again to a third module: not claimed
    seeded_below = WALK.format(seed="").replace("    return [root]", "    root.grad = 1\n    return [root]")
    assert _hints(engine, walk=seeded_below) == []
    assert _hints(engine, walk="from seeds import seed\n" + WALK.format(seed="seed(root)\n    "),
                  seeds="def seed(root):\n    pass\n") == []


def test_a_walk_handed_more_than_the_root_is_not_claimed():
    engine = ENGINE.format(imports="import walk", call="walk.run(self, 1.0)")
    walk = WALK.format(seed="root.grad = seed\n    ").replace("def run(root):", "def run(root, seed):")
    assert _hints(engine, walk=walk) == []
    assert _hints(ENGINE.format(imports="import walk", call="walk.run(self)"),
                  walk=WALK.format(seed="").replace("def run(root):", "def run(root, *rest):")) == []


def test_a_seed_handed_to_two_functions_or_a_class_of_another_module_is_not_claimed():
    engine = ENGINE.format(imports="import walk", call="walk.order(self)\n        walk.run(self)")
    assert _hints(engine, walk=WALK.format(seed="")) == []
    engine = ENGINE.format(imports="import walk", call="walk.Walker(self).run()")
    assert _hints(engine, walk="class Walker:\n    def __init__(self, root):\n        self.root = root\n") == []


def _class_place(files, cls="Value"):
    from grader.diagnose.missing import class_place

    return class_place({k: v.encode() for k, v in files.items()}, "engine.py", cls)


def test_the_class_a_missing_method_goes_in_is_found_through_imports_and_aliases():
    node = "import math\n\n\nclass Node:\n    pass\n"
    assert _class_place({"engine.py": "class Value:\n    pass\n"}) == ("engine.py", 1)
    assert _class_place({"engine.py": "from nodes import Node as Value\n", "nodes.py": node}) == ("nodes.py", 4)
    assert _class_place({"engine.py": "from nodes import Value\n", "nodes.py": node + "\n\nValue = Node\n"}) == (
        "nodes.py", 4)
    # a notebook's later cell redefines the class: the last one is the one that runs
    assert _class_place({"engine.py": "class Value:\n    pass\n\n\nclass Value:\n    pass\n"}) == ("engine.py", 5)
    # made by type(), or imported from a package the submission does not hold: no line
    assert _class_place({"engine.py": "Value = type('Value', (), {})\n"}) is None
    assert _class_place({"engine.py": "from somewhere import Value\n"}) is None
    assert _class_place({"engine.py": "Value = Value\n"}) is None


def _forward(source, **modules):
    from grader.diagnose.walk_places import walk_file_place

    return walk_file_place("forward-order", {"engine.py": source.encode(),
                                             **{f"{k}.py": v.encode() for k, v in modules.items()}})


def test_a_deque_filled_from_the_right_is_placed_at_its_append():
    source = (FRESH / "correct-deque-stack" / "engine.py").read_text(encoding="utf-8")
    assert _forward(source.replace("topo.appendleft(v)", "topo.append(v)")) == ("engine.py", 75)
    # a list filled with append and walked forwards: the loop, as before (reversing it is the fix)
    listed = source.replace("topo = collections.deque()", "topo = []").replace("topo.appendleft(v)", "topo.append(v)")
    assert _forward(listed) == ("engine.py", 78)
    # a deque filled from both ends, or extended: not this reading's to place; the loop, as before
    both = source.replace("topo.appendleft(v)", "topo.append(v)\n                topo.appendleft(v)")
    assert _forward(both) == ("engine.py", 79)


if __name__ == "__main__":  # build the class in a folder, to grade it by hand: python tests/test_diag36.py FOLDER
    import sys
    build_class(Path(sys.argv[1]))
