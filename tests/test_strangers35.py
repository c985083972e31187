"""Session 35's strangers: engines in styles no earlier fixture has, graded in one batch.

`tests/fixtures/strangers35/engine/` holds 20 engines written by hand in styles no earlier fixture uses: every local
derivative found by evaluating the function once on a dual number (`_Dual(x, 1).tanh()`), the operators written from
a table inside the class body through `vars()`, a PyTorch-shaped `Tensor` of 0-d tensors (`requires_grad`, `.item()`,
`shape == ()`, `Value(Tensor)`), a networkx-like `DiGraph` of adjacency dicts whose edge weights are the local
derivatives, PyTorch's engine in miniature (a graph of `grad_fn` nodes with `next_functions`, `AccumulateGrad` at the
leaves, dependencies counted), ops that are members of an `Enum` (Python 3.11's `enum.member`), data and grad in a
ctypes `Structure`, nodes that are plain dicts ported from JavaScript, a topological order built already reversed
with `deque.appendleft`, every reflected operator made by one decorator (`__rsub__ = reflected(__sub__)`), the engine
handed in as a package (`engine/__init__.py`, `value.py`, `ops.py`, `graph.py`: no engine.py), a backward pass
driven by `queue.PriorityQueue` on creation tickets, a Wengert list kept as text lines parsed by a regex, Java-style
getters and setters (`self.setGrad(self.getGrad() + ...)`), a `__setattr__` that guards `data` and `grad`, local
derivatives recomputed from the inputs in the backward pass, a `Value` that subclasses `list` and one that subclasses
`types.SimpleNamespace`, nodes numbered per thread (`threading.local`), and an nbgrader assignment notebook (cell
metadata, `### BEGIN SOLUTION`, test cells calling `assert_equal` from `nose.tools`). `PLANTED` plants one classic
mistake of shared/course.md in 19 of them, each a different one.

What these found (before -> after):
- The engine handed in as a package, `engine/__init__.py` with its modules beside it, was `rejected`: "no engine.py
  found in correct-engine-package/engine/" (0/63). Python imports that package for `import engine` as it imports
  engine.py; grader/load/levels.py now takes a folder named `engine` holding `__init__.py` (a wrapper, or below
  wrappers) as the engine, its modules as helpers, its relative imports read as engine.py's beside them: 63/63, and
  its planted `Value.__rtruediv__ = div` 62/63, named at engine/ops.py, line 80.
- The nbgrader notebook scored 0/63: its test cells call `assert_equal` from `nose.tools`, which the sandbox lacks
  ("AbsentModuleError: `nose` is not installed where the grader runs your code: `assert_equal(...)`, cell 5").
  Such a cell is left out by the rules that leave out a cell comparing with torch (grader/load/comparison_cells.py):
  an absent module's stand-in refuses every use as a forbidden one's does. 63/63.
- A reflected operator bound to the forward one (`__rsub__ = __sub__` in the class; `Value.__rtruediv__ = div`) was
  named at the forward method's body, which `a - b` and `a / b` run right: now at the binding
  (written_at.bound_at): engine.py line 59, engine/ops.py line 80 (before: 53 and 68).
- A local derivative computed in a helper the op's method hands on to (`return self._unary("tanh")` into
  `_Dual.tanh`; `return Op.LOG(self)` into the Enum member's function) was named at that `return`: now at the last
  line of the helpers only that op called (the where_written probe reports them as `helped`): lines 31 and 37
  (before: 81 and 77).
- Every correct engine 63/63 (after the two mends above); every planted mistake loses the points of its test, once,
  and is named; 14 of 19 name their line. Left without one: `=` written through a setter call
  (`self.setGrad(out.getGrad())`) and into a dict of adjoints (`g[a] = v[b] * g[out]`), a sort without a visited
  set, a walk of the direct children only, an operator not written.

Graded in one batch: 39 rows, 9.9-12.9 s of CPU (user + sys, `/usr/bin/time python -m pytest -q -n 0` on this
module, warm, under load 16-22 on two cores).
"""
from pathlib import Path

import pytest
from costs import slow_fixture
from test_fresh_styles import LIMITS, assert_scored_and_named
from test_strangers27 import planted_class

from grader.pipeline import grade

FRESH = Path(__file__).parent / "fixtures" / "strangers35"

# id -> (the case it is planted in, [(text, replaced by), ...])
PLANTED = {
    "bug-dual-tanh-one-minus-t": ("correct-dual-local", [("return _Dual(t, (1 - t * t) * self.eps)",
                                                          "return _Dual(t, (1 - t) * self.eps)")]),
    "bug-body-vars-mul-self-data": ("correct-class-body-vars", [('"mul": (operator.mul, lambda a, b: (b, a)),',
                                                                 '"mul": (operator.mul, lambda a, b: (a, a)),')]),
    "bug-tensor-no-seed": ("correct-tensor-0d", [
        ("        self.grad = 1.0 if gradient is None else float(gradient)\n", "")]),
    "bug-digraph-no-visited": ("correct-digraph-edges", [(
        "            for u in preds:\n                if u not in visited:\n                    visited.add(u)\n"
        "                    stack.append((u, self.predecessors(u)))\n                    break\n",
        "            for u in preds:\n                stack.append((u, self.predecessors(u)))\n"
        "                break\n")]),
    "bug-grad-fn-exp-input": ("correct-grad-fn-graph", [("return (grad * self.result,)", "return (grad * self.x,)")]),
    "bug-enum-log-output": ("correct-enum-member-ops", [("return math.log(a), (1 / a,)",
                                                         "y = math.log(a)\n        return y, (1 / y,)")]),
    "bug-dict-pow-no-minus-one": ("correct-dict-nodes", [('n["k"] * n["inputs"][0]["data"] ** (n["k"] - 1) * n["grad"]',
                                                          'n["k"] * n["inputs"][0]["data"] ** n["k"] * n["grad"]')]),
    "bug-deque-forward-order": ("correct-deque-appendleft", [("order.appendleft(node)", "order.append(node)")]),
    "bug-decorator-rsub-order": ("correct-reflected-decorator", [("__rsub__ = reflected(__sub__)",
                                                                  "__rsub__ = __sub__")]),
    "bug-queue-sub-as-add": ("correct-priority-queue", [("return self + (-Value.wrap(other))",
                                                         "return self + Value.wrap(other)")]),
    "bug-tape-mul-assign": ("correct-text-tape", [("g[a] += v[b] * g[out]\n                g[b] += v[a] * g[out]",
                                                    "g[a] = v[b] * g[out]\n                g[b] = v[a] * g[out]")]),
    "bug-java-add-assign": ("correct-java-accessors", [(
        "self.setGrad(self.getGrad() + out.getGrad())\n            other.setGrad(other.getGrad() + out.getGrad())",
        "self.setGrad(out.getGrad())\n            other.setGrad(out.getGrad())")]),
    "bug-guard-grad-starts-one": ("correct-setattr-guard", [("        self.grad = 0\n        object.__setattr__",
                                                              "        self.grad = 1\n        object.__setattr__")]),
    "bug-recompute-tanh-input": ("correct-recompute-rules", [("return (1 - math.tanh(a.data) ** 2,)",
                                                              "return (1 - a.data ** 2,)")]),
    "bug-list-neg-self": ("correct-list-subclass", [("    def __neg__(self):\n        return self * -1\n",
                                                     "    def __neg__(self):\n        return self\n")]),
    "bug-ctypes-recursive-topo": ("correct-ctypes-cells", [(
        "        order, visited = [], set()\n        stack = [(self, False)]\n        while stack:\n"
        "            node, children_done = stack.pop()\n            if children_done:\n"
        "                order.append(node)\n"
        "            elif id(node) not in visited:\n                visited.add(id(node))\n"
        "                stack.append((node, True))\n"
        "                stack.extend((p, False) for p in node.parents if id(p) not in visited)\n"
        "        return order\n",
        "        order, visited = [], set()\n\n        def visit(node):\n            if id(node) not in visited:\n"
        "                visited.add(id(node))\n                for p in node.parents:\n                    visit(p)\n"
        "                order.append(node)\n        visit(self)\n        return order\n")]),
    "bug-package-rtruediv-order": ("correct-engine-package", [(
        "Value.__rtruediv__ = lambda self, other: div(other, self)", "Value.__rtruediv__ = div")]),
    "bug-namespace-radd-missing": ("correct-simple-namespace", [("    __radd__ = __add__\n", "")]),
    "bug-thread-local-direct-children": ("correct-thread-local-graph", [(
        "        reachable, stack = {id(self): self}, [self]\n        while stack:\n"
        "            for child in stack.pop()._inputs:\n                if id(child) not in reachable:\n"
        "                    reachable[id(child)] = child\n                    stack.append(child)\n"
        "        self.grad = 1\n"
        "        for node in sorted(reachable.values(), key=lambda n: n._index, reverse=True):\n"
        "            node._rule()\n",
        "        self.grad = 1\n        self._rule()\n        for child in self._inputs:\n"
        "            child._rule()\n")]),
}


def _class(folder):
    """Each engine handed in, each planted mistake."""
    planted_class(folder, FRESH / "engine", PLANTED)


@slow_fixture(scope="module")
def rows(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("strangers35")
    (tmp / "class").mkdir()
    _class(tmp / "class")
    result = grade(tmp / "class", exercise="engine", limits=LIMITS, jobs=2, cache_dir=tmp / "cache")
    return {row["id"]: row for row in result.scores["submissions"]}


CORRECT = sorted(p.name for p in (FRESH / "engine").iterdir())
# id -> (score, the tests not passed or how many, diagnosis)
TABLE = {
    # before: correct-engine-package `rejected` ("no engine.py found"), correct-nbgrader-notebook 0/63 (nose)
    **{case: (63.0, [], []) for case in CORRECT},
    "bug-dual-tanh-one-minus-t": (60.0, ["tanh/negative", "tanh/saturated", "tanh/two"],
                                  [("variant", "tanh-one-minus-t", "exact")]),
    "bug-body-vars-mul-self-data": (17.5, 39, [("variant", "mul-self-data", "style")]),
    "bug-tensor-no-seed": (4.0, 47, [("variant", "no-seed", "exact")]),
    "bug-digraph-no-visited": (50.25, 7, [("variant", "no-visited", "style")]),
    "bug-grad-fn-exp-input": (61.0, ["exp/negative", "exp/values"], [("variant", "exp-input", "exact")]),
    "bug-enum-log-output": (61.0, ["log/small", "log/values"], [("variant", "log-output", "exact")]),
    "bug-dict-pow-no-minus-one": (61.0, ["pow/cube", "pow/fractional"], [("variant", "pow-no-minus-one", "exact")]),
    "bug-deque-forward-order": (14.1667, 41, [("variant", "forward-order", "exact")]),
    "bug-decorator-rsub-order": (62.0, ["sub/constant"], [("variant", "rsub-order", "exact")]),
    "bug-queue-sub-as-add": (61.0, ["sub/constant", "sub/values"], [("variant", "sub-as-add", "style")]),
    "bug-tape-mul-assign": (34.0, 20, [("variant", "mul-assign-not-accumulate", "style")]),
    "bug-java-add-assign": (48.25, 9, [("variant", "add-assign-not-accumulate", "exact")]),
    "bug-guard-grad-starts-one": (3.0, 48, [("variant", "grad-starts-one", "exact")]),
    "bug-recompute-tanh-input": (60.0, ["tanh/negative", "tanh/saturated", "tanh/two"],
                                 [("variant", "tanh-input", "exact")]),
    "bug-list-neg-self": (62.0, ["neg/values"], [("variant", "neg-self", "exact")]),
    "bug-ctypes-recursive-topo": (61.0, ["backward/deep-chain"], [("variant", "recursive-topo", "exact")]),
    # before: `rejected` as its correct engine was
    "bug-package-rtruediv-order": (62.0, ["div/constant"], [("variant", "rtruediv-order", "exact")]),
    "bug-namespace-radd-missing": (61.0, ["add/constant", "sub/constant"], [("missing-op", "__radd__", None)]),
    "bug-thread-local-direct-children": (31.8333, 25, [("variant", "direct-children-only", "exact")]),
}


def test_every_submission_is_in_the_table(rows):
    assert sorted(rows) == sorted(TABLE) == sorted([*CORRECT, *PLANTED])


@pytest.mark.parametrize("case", sorted(TABLE))
def test_each_submission_scores_and_is_named(rows, case):
    assert rows[case]["status"] == "graded", rows[case]["message"]
    assert_scored_and_named(rows[case], TABLE[case])


@pytest.mark.parametrize("case,place", [
    ("bug-dual-tanh-one-minus-t", ("engine.py", 31)),  # before: 81, `return self._unary("tanh")`
    ("bug-enum-log-output", ("engine.py", 37)),  # before: 77, `return Op.LOG(self)`
    ("bug-decorator-rsub-order", ("engine.py", 59)),  # before: 53, `__sub__`'s body; now `__rsub__ = __sub__`
    ("bug-package-rtruediv-order", ("engine/ops.py", 80)),  # `Value.__rtruediv__ = div`
    ("bug-body-vars-mul-self-data", ("engine.py", 10)),  # the table's entry
    ("bug-tensor-no-seed", ("engine.py", 107)),  # the backward() that sets no seed
    ("bug-grad-fn-exp-input", ("engine.py", 74)),  # ExpBackward.apply
    ("bug-dict-pow-no-minus-one", ("engine.py", 16)),  # RULES["pow"]
    ("bug-deque-forward-order", ("engine.py", 94)),  # before session 36: 96, the loop; now the deque's `append`
    ("bug-queue-sub-as-add", ("engine.py", 35)),
    ("bug-guard-grad-starts-one", ("engine.py", 12)),
    ("bug-recompute-tanh-input", ("engine.py", 60)),  # `_d_tanh`
    ("bug-list-neg-self", ("engine.py", 72)),
    ("bug-ctypes-recursive-topo", ("engine.py", 123)),  # `def visit(node):`
    ("bug-namespace-radd-missing", ("engine.py", 5)),  # before session 36: no line; now `class Value(...)`
    # before session 37: no line; now `self.setGrad(out.getGrad())` and `g[a] = v[b] * g[out]` (test_diag37)
    ("bug-java-add-assign", ("engine.py", 44)),
    ("bug-tape-mul-assign", ("engine.py", 114)),
    # before session 37: no line; now the loop that pushes a node's inputs, its inputs from a method (`for u in
    # preds:`), and backward()'s one loop over the output's own inputs (test_diag37)
    ("bug-digraph-no-visited", ("engine.py", 43)),
    ("bug-thread-local-direct-children", ("engine.py", 112)),
])
def test_a_finding_names_its_line(rows, case, place):
    assert (rows[case]["diagnosis"][0].get("file"), rows[case]["diagnosis"][0].get("line")) == place


def _folder(root, files):
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")
    return root


PACKAGE = {"engine/__init__.py": "from .value import Value\nfrom . import ops\n",
           "engine/value.py": "class Value:\n    pass\n", "engine/ops.py": "from .value import Value\n"}


@pytest.mark.parametrize("where", ["", "hw2/"])  # in the entry, or below its wrapper
def test_an_engine_handed_in_as_a_package_is_the_engine(tmp_path, where):
    from grader.load import load_entry

    sub = load_entry(_folder(tmp_path / "alice", {where + name: text for name, text in PACKAGE.items()}),
                     frozenset({"engine.py"}))
    assert not sub.rejected, sub.problem
    assert (sorted(sub.files), sub.package) == (["engine.py", "ops.py", "submission/__init__.py", "value.py"],
                                                "submission")
    assert sub.files["engine.py"] == PACKAGE["engine/__init__.py"].encode()
    assert sub.origins["engine.py"].file == where + "engine/__init__.py"  # its messages name the file handed in


def test_a_folder_named_engine_is_no_package_without_its_init_nor_where_it_holds_engine_py(tmp_path):
    from grader.load import load_entry

    alone = load_entry(_folder(tmp_path / "alice", {"engine/value.py": "class Value:\n    pass\n",
                                                    "engine/ops.py": "x = 1\n"}), frozenset({"engine.py"}))
    assert alone.problem.startswith("no engine.py found in alice/engine/")
    inside = load_entry(_folder(tmp_path / "bob", {**PACKAGE, "engine/engine.py": "class Value:\n    pass\n"}),
                        frozenset({"engine.py"}))
    assert inside.origins["engine.py"].file == "engine/engine.py"


def test_a_cell_that_uses_a_module_the_sandbox_lacks_is_left_out_as_a_torch_cell_is():
    from test_strangers29 import ENGINE_CELL, _kept

    lines = _kept("import math\nfrom nose.tools import assert_equal", ENGINE_CELL,
                  "a = Value(3.0)\nassert_equal(a.data, 3.0)", "b = Value(2.0)\nprint(b.data)")
    assert lines[-8:] == ["import math", "from nose.tools import assert_equal", *ENGINE_CELL.split("\n"),
                          "b = Value(2.0)", "print(b.data)"]
    assert "a = Value(3.0)" not in lines
    # a cell that defines something stays, and fails where it fails (its library's stand-in says so)
    assert "def check(v):" in _kept("from nose.tools import assert_equal", ENGINE_CELL,
                                    "def check(v):\n    assert_equal(v.data, 3.0)")


def _where(**ops):
    """written_at's reading of where_written: op -> made lines, helped lines (each a line of engine.py)."""
    return {op: {"written": [], "ran": [], "made": [("engine.py", n) for n in made],
                 "helped": [("engine.py", n) for n in helped]} for op, (made, helped) in ops.items()}


def test_a_reflected_operator_bound_to_the_forward_one_is_named_at_the_binding():
    from grader.diagnose.written_at import bound_at

    source = ("class Value:\n    def __sub__(self, other):\n        return self + (-other)\n\n"
              "    __rsub__ = __sub__\n")
    files = {"engine.py": source.encode()}
    where = _where(sub=([3], []), rsub=([3], []), add=([7], []))
    assert bound_at("rsub", where, {"sub", "add"}, files) == ("engine.py", 5)
    assert bound_at("rsub", where, {"add"}, files) is None  # sub's lines are no right op's: not the binding
    own = _where(sub=([3], []), rsub=([9], []))  # a method of its own: its own lines say where (made_at)
    assert bound_at("rsub", own, {"sub"}, files) is None


def test_a_method_that_hands_on_to_a_helper_of_its_own_is_named_at_the_helper():
    from grader.diagnose.written_at import made_at

    source = "\n".join(["import math", "def tanh_of(x):", "    t = math.tanh(x)", "    return t, 1 - t",
                        "def shared(y):", "    return y", "class Value:", "    def tanh(self):",
                        "        return self._unary(tanh_of)", "    def exp(self):",
                        "        return self._unary(math.exp)", "    def relu(self):",
                        "        out = self._unary(max, 1 if self.data > 0 else 0)", "        return out"])
    files = {"engine.py": source.encode()}
    where = _where(tanh=([9], [5, 6, 3, 4]), exp=([11], [5, 6]), relu=([13, 14], [5, 6]))
    assert made_at("tanh", where, files) == ("engine.py", 4)  # `return t, 1 - t`, not `return self._unary(...)`
    assert made_at("exp", where, files) == ("engine.py", 11)  # no helper of its own: its own line
    assert made_at("relu", where, files) == ("engine.py", 13)  # computes in its own line: that line
