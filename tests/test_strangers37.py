"""Session 37's strangers: engines in styles no earlier fixture has, graded in one batch.

`tests/fixtures/strangers37/engine/` holds 20 engines written by hand in styles no earlier fixture uses: the class
made by `types.new_class` over a mixin, reverse mode by source transformation (an adjoint function per op built as a
Python AST from derivative templates and compiled), a student's repository with its own `tests/` and a `conftest.py`
that imports pytest, a notebook that defines `Value` twice (a draft with `=` first, the fixed class later: the
second wins), a `__main__` demo that trains XOR for ten seconds behind a guard written backwards (`if "__main__" ==
__name__:`), identifiers in fullwidth letters and a ligature (`self.ｇｒａｄ`, `ﬁnish`: the same names once Python
reads them in NFKC form), the visited set kept as one int used as a bitmask, the rules loaded from a file beside the
engine by `importlib.util.spec_from_file_location`, the derivative table written in the module's docstring and parsed
at import, a port from C# (`get_Data`/`set_Data` properties, static `Add`/`Multiply`, `backward = Backward`), names in
Japanese with the course's as aliases (`relu, ..., backward = 正規化線形, ..., 逆伝播`), every field routed through
`__getattribute__`/`__setattr__` to one dict, the gradients kept on a `Graph` object in a dict subclass with
`__missing__` (`Value.grad` a property, `backward` forwarding to `Graph.backward(root)`), the graph as an XML document
(`xml.etree`), the order by relaxing distances from the root until nothing changes (Bellman-Ford style), backward as
back substitution on a sparse Jacobian, each op's name read off its caller's frame (`inspect.currentframe`),
semicolon golf, a bound method per node (`types.MethodType(rule, out)`), and local derivatives by the complex step
(Im f(x + ih) / h, h = 1e-20). `PLANTED` plants one classic mistake of shared/course.md in 16 of them, in new guises:
tanh's 1 - t in an AST template, mul's rule from its own data in the second of two classes in a notebook, `=` written
with fullwidth names, the bitmask's `|=` written `|` (no visited set), `2 / a` backwards in the C# port, no seed in
the Japanese one, gradients that start at 1 from `__missing__`, the back substitution walked forwards, exp's from the
input in golf, log's as 1/output by frame names, pow without the -1 in a docstring's table, negation returning itself
in a bound-method engine, subtraction as addition through `__getattribute__`, tanh's from the input in the file
loaded by path, only the root's inputs walked (`self.el` for `el` in the XML walk), a recursive sort in the
repository with its own tests.

What these found (before -> after):
- Every correct engine 63/63 as written, with no finding; every planted mistake loses the points of its tests, once,
  and is named by its variant. No score moved.
- Five of the 16 were named without a line; each now has its own (grader/diagnose/walk_places.py, seed_source.py):
  no seed in a `backward` bound among others in the class body (`relu, ..., backward = 正規化線形, ..., 逆伝播`,
  seed_source.bound_pairs) now at `def 逆伝播` (line 54); gradients that start at 1 from a `__missing__` of the dict
  the graph keeps them in (no node's `__init__` sets one) at its `return 1.0` (line 9; `defaultdict(lambda: 1.0)`
  too); the back substitution walked forwards at `for i in range(n):` (line 93: the loop that writes the list of
  adjoints back, `for node, gi in zip(order, g): node.grad += gi`, passes nothing between nodes and is no second
  walk); the bitmask's `seen | 1 << bit` at its line (77: a mark computed and dropped, as `node.visited == True`
  would be); only the root's inputs walked, at the `self.el.findall("input")` read inside the walk's loop (line 87;
  `for p in self._parents: p._backprop()` too, which also names the line of tests/fixtures/submissions'
  bug-direct-children-only, 119, and strangers' bug-tuple-direct-children-only, 136).
- Left named at the op, not at the template: tanh's 1 - t written in an AST template string (`RULES["tanh"]`, named
  at `def tanh`), pow without the -1 written in the docstring's table (named at `def __pow__`).
- `grade check`, `grade ci --json-out`, Gradescope's autograder and a notebook's check() say `grade run`'s row for all
  36 entries (bench/seams/matrix.py's comparison, field by field), but for a check's fixed inputs where the row's
  drawn ones fail more (bug-jacobian-forward-order 16.1667 checked, 14.1667 graded); the fleet (a redis-server and one
  `grade worker`) gives every row as `grade run` does, and `grade serve` the two notebooks' (a folder is no upload).

Graded in one batch: 36 rows; the module 24.6 s of CPU with its six surface tests (user + sys, `/usr/bin/time python
-m pytest -q -n 0 tests/test_strangers37.py`, under load 13 on two cores).
"""
from pathlib import Path

import pytest
from costs import slow_fixture
from test_fresh_styles import assert_scored_and_named
from test_strangers36 import assert_a_surface_says_the_row, graded_class

FRESH = Path(__file__).parent / "fixtures" / "strangers37"

# id -> (the case it is planted in, [(text, replaced by), ...])
PLANTED = {
    "bug-ast-tanh-one-minus-t": ("correct-ast-adjoint", [('"tanh": ("1 - d[N] ** 2",),', '"tanh": ("1 - d[N]",),')]),
    "bug-twice-mul-self-data": ("correct-defined-twice.ipynb", [(
        '"            self.grad += other.data * out.grad\\n"', '"            self.grad += self.data * out.grad\\n"')]),
    "bug-nfkc-assign-not-accumulate": ("correct-nfkc-names", [("parent.ｇｒａｄ += local * node.ｇｒａｄ",
                                                              "parent.ｇｒａｄ = local * node.ｇｒａｄ")]),
    "bug-bitmask-no-visited": ("correct-bitmask-visited", [("                seen |= 1 << bit",
                                                            "                seen | 1 << bit")]),
    "bug-csharp-rtruediv-order": ("correct-csharp-port", [(
        "def __rtruediv__(self, other): return Value.Divide(Value.From(other), self)",
        "def __rtruediv__(self, other): return Value.Divide(self, Value.From(other))")]),
    "bug-japanese-no-seed": ("correct-japanese-names", [("        self.勾配 = 1.0\n", "")]),
    "bug-graph-grads-start-one": ("correct-graph-owns-grads", [("        return 0.0\n", "        return 1.0\n")]),
    "bug-jacobian-forward-order": ("correct-jacobian-solve", [("for i in range(n - 1, -1, -1):",
                                                               "for i in range(n):")]),
    "bug-golf-exp-input": ("correct-semicolon-golf", [("return Value(e, (s,), (e,))",
                                                       "return Value(e, (s,), (s.data,))")]),
    "bug-frame-log-output": ("correct-frame-names", [('"log": lambda node, x: (1.0 / x.data,),',
                                                      '"log": lambda node, x: (1.0 / node.data,),')]),
    "bug-docstring-pow-no-minus-one": ("correct-docstring-rules", [("k * x ** (k - 1)         -",
                                                                    "k * x ** k               -")]),
    "bug-methodtype-neg-self": ("correct-methodtype-bound", [("    def __neg__(self):\n        return self * -1\n",
                                                              "    def __neg__(self):\n        return self\n")]),
    "bug-getattribute-sub-as-add": ("correct-getattribute-fields", [("return self + -Value._in(other)",
                                                                     "return self + Value._in(other)")]),
    "bug-sibling-tanh-input": ("correct-spec-from-file", [('"tanh": lambda n: (1 - n.data ** 2,),',
                                                           '"tanh": lambda n: (1 - n.args[0].data ** 2,),')]),
    "bug-xml-direct-children-only": ("correct-xml-tree", [(
        'stack.extend((_NODES[i.get("ref")].el, False) for i in el.findall("input"))',
        'stack.extend((_NODES[i.get("ref")].el, False) for i in self.el.findall("input"))')]),
    "bug-own-tests-recursive-topo": ("correct-own-tests", [(
        """        order, seen = [], set()
        frames = [[self, iter(self._prev)]]
        seen.add(id(self))
        while frames:
            node, inputs = frames[-1]
            for child in inputs:
                if id(child) not in seen:
                    seen.add(id(child))
                    frames.append([child, iter(child._prev)])
                    break
            else:
                frames.pop()
                order.append(node)
""", """        order, seen = [], set()

        def visit(node):
            if id(node) not in seen:
                seen.add(id(node))
                for child in node._prev:
                    visit(child)
                order.append(node)
        visit(self)
""")]),
}


@slow_fixture(scope="module")
def graded(tmp_path_factory):
    """The class graded by `grade run` once: (its folder, {id: row})."""
    return graded_class(tmp_path_factory.mktemp("strangers37"), FRESH / "engine", PLANTED)


@slow_fixture(scope="module")
def rows(graded):
    return graded[1]


CORRECT = sorted(p.name.removesuffix(".ipynb") for p in (FRESH / "engine").iterdir())
# id -> (score, the tests not passed or how many, diagnosis)
TABLE = {
    **{case: (63.0, [], []) for case in CORRECT},
    "bug-ast-tanh-one-minus-t": (60.0, ["tanh/negative", "tanh/saturated", "tanh/two"],
                                 [("variant", "tanh-one-minus-t", "exact")]),
    "bug-twice-mul-self-data": (16.5, 40, [("variant", "mul-self-data", "exact")]),
    "bug-nfkc-assign-not-accumulate": (23.8334, 31, [("variant", "assign-not-accumulate-everywhere", "exact")]),
    "bug-bitmask-no-visited": (50.25, 7, [("variant", "no-visited", "style")]),
    "bug-csharp-rtruediv-order": (62.0, ["div/constant"], [("variant", "rtruediv-order", "exact")]),
    "bug-japanese-no-seed": (4.0, 47, [("variant", "no-seed", "exact")]),
    "bug-graph-grads-start-one": (3.0, 48, [("variant", "grad-starts-one", "exact")]),
    "bug-jacobian-forward-order": (14.1667, 41, [("variant", "forward-order", "exact")]),
    "bug-golf-exp-input": (61.0, ["exp/negative", "exp/values"], [("variant", "exp-input", "exact")]),
    "bug-frame-log-output": (61.0, ["log/small", "log/values"], [("variant", "log-output", "exact")]),
    "bug-docstring-pow-no-minus-one": (61.0, ["pow/cube", "pow/fractional"],
                                       [("variant", "pow-no-minus-one", "exact")]),
    "bug-methodtype-neg-self": (62.0, ["neg/values"], [("variant", "neg-self", "exact")]),
    "bug-getattribute-sub-as-add": (61.0, ["sub/constant", "sub/values"], [("variant", "sub-as-add", "style")]),
    "bug-sibling-tanh-input": (60.0, ["tanh/negative", "tanh/saturated", "tanh/two"],
                               [("variant", "tanh-input", "exact")]),
    "bug-xml-direct-children-only": (30.8333, 26, [("variant", "direct-children-only", "style")]),
    "bug-own-tests-recursive-topo": (61.0, ["backward/deep-chain"], [("variant", "recursive-topo", "exact")]),
}


def test_every_submission_is_in_the_table(rows):
    assert sorted(rows) == sorted(TABLE) == sorted([*CORRECT, *PLANTED])


@pytest.mark.parametrize("case", sorted(TABLE))
def test_each_submission_scores_and_is_named(rows, case):
    assert rows[case]["status"] == "graded", rows[case]["message"]
    assert_scored_and_named(rows[case], TABLE[case])


@pytest.mark.parametrize("case,place", [
    ("bug-twice-mul-self-data", ("bug-twice-mul-self-data.ipynb", 25, 5)),  # the second class's `__mul__`, cell 5
    ("bug-sibling-tanh-input", ("derivatives.py", 18, None)),  # the file engine.py loads by its path
    ("bug-nfkc-assign-not-accumulate", ("engine.py", 78, None)),  # `parent.ｇｒａｄ = local * node.ｇｒａｄ`
    ("bug-own-tests-recursive-topo", ("engine.py", 95, None)),  # `def visit(node):`
    ("bug-csharp-rtruediv-order", ("engine.py", 116, None)),
    ("bug-golf-exp-input", ("engine.py", 12, None)),  # a one-line `def exp(s): ...; return ...`
    ("bug-frame-log-output", ("engine.py", 18, None)),  # RULES' entry, found by the name of the caller's frame
    ("bug-getattribute-sub-as-add", ("engine.py", 62, None)),
    ("bug-methodtype-neg-self", ("engine.py", 87, None)),
    # before: none; `def 逆伝播(self):`, bound as `backward` among five names in one assignment of the class body
    ("bug-japanese-no-seed", ("engine.py", 54, None)),
    ("bug-graph-grads-start-one", ("engine.py", 9, None)),  # before: none; `__missing__`'s `return 1.0`
    ("bug-jacobian-forward-order", ("engine.py", 93, None)),  # before: none; `for i in range(n):`
    ("bug-bitmask-no-visited", ("engine.py", 77, None)),  # before: none; `seen | 1 << bit`, for `seen |= 1 << bit`
    ("bug-xml-direct-children-only", ("engine.py", 87, None)),  # before: none; `self.el.findall("input")`
    # left at the op's method, not at the template that holds the mistake: a string in RULES, a docstring's row
    ("bug-ast-tanh-one-minus-t", ("engine.py", 71, None)),
    ("bug-docstring-pow-no-minus-one", ("engine.py", 50, None)),
])
def test_a_finding_names_its_line(rows, case, place):
    finding = rows[case]["diagnosis"][0]
    assert (finding.get("file"), finding.get("line"), finding.get("cell")) == place


@pytest.mark.parametrize("case,surface", [
    ("correct-defined-twice", "notebook"), ("bug-twice-mul-self-data", "notebook"), ("correct-own-tests", "check"),
    ("bug-japanese-no-seed", "ci"), ("bug-xml-direct-children-only", "check"), ("correct-spec-from-file", "ci"),
])
def test_a_students_surface_says_what_grade_run_says(graded, tmp_path, case, surface):
    """`grade check`, `grade ci --json-out` and a notebook's check() after Run All (bench/seams/matrix.py) give the
    row `grade run` gave, as its student may see it: score, tests, findings and their places, field by field (a
    notebook names its places its own way)."""
    assert_a_surface_says_the_row(graded, tmp_path, case, surface)


_WALK = '''
class Value:
    def __init__(self, data):
        self.data, self.grad, self._prev, self._order = data, 0.0, (), None

    def backward(self):
        self.grad = 1.0
{body}
'''


@pytest.mark.parametrize("variant,body,line", [
    # the root's inputs walked as the graph: named; an order kept on the root, walked backwards: not
    ("direct-children-only", "        for p in self._prev:\n            p._backward()", 8),
    ("direct-children-only", "        for node in reversed(self._order):\n            node._backward()", None),
    # a mark computed and dropped: named; the same sort with the mark kept (`|=`) is no place of this mistake
    ("no-visited", "        seen, stack = 0, [self]\n        while stack:\n            v = stack.pop()\n"
                   "            node_bit = 1 << id(v) % 64\n            seen | node_bit\n"
                   "            stack.extend(v._prev)", 12),
    ("no-visited", "        seen, stack = 0, [self]\n        while stack:\n            v = stack.pop()\n"
                   "            if seen >> id(v) % 64 & 1:\n                continue\n"
                   "            seen |= 1 << id(v) % 64\n            stack.extend(v._prev)", None),
    # a walk forwards over a list of adjoints, its write-back loop beside it: the walk named, not the write-back
    ("forward-order", "        order, grads = self._sort(), []\n        for i in range(len(order)):\n"
                      "            grads[i] += 1\n        for node, g in zip(order, grads):\n"
                      "            node.grad += g", 9),
    # a walk handed (node, amount) pairs by a generator is one walk, not a write-back
    ("forward-order", "        for target, amount in self._flows():\n            target.grad += amount", 8),
])
def test_a_walks_mistake_is_placed_only_where_the_source_shows_it(variant, body, line):
    from grader.diagnose.walk_places import walk_place

    assert walk_place(variant, {"engine.py": _WALK.format(body=body)}) == line


@pytest.mark.parametrize("store,line", [
    ("class Grads(dict):\n    def __missing__(self, key):\n        return 1.0\n", 3),
    ("import collections\nGRADS = collections.defaultdict(lambda: 1.0)\n", 2),
    ("import collections\nGRADS = collections.defaultdict(float)\n", None),  # starts at 0.0
])
def test_gradients_that_start_at_one_in_a_store_apart_from_the_nodes_are_placed_at_its_default(store, line):
    from grader.diagnose.walk_places import walk_place

    source = store + _WALK.format(body="        pass").replace("self.grad, ", "").replace(", 0.0, ", ", ")
    assert walk_place("grad-starts-one", {"engine.py": source}) == line


def test_a_backward_bound_among_other_names_is_read_for_its_seed():
    import ast

    from grader.diagnose.seed_source import no_seed
    from grader.diagnose.source_tree import tree_of

    source = ("class Value:\n    def _walk(self):\n        for n in self._order():\n            n._backward()\n\n"
              "    def _relu(self):\n        return self\n\n    relu, backward = _relu, _walk\n")
    ast.parse(source)
    files = {"engine.py": source}
    assert [(h["hint"], h["line"]) for h in no_seed(tree_of(files, "engine.py"), "engine.py", files)] == \
        [("no-seed", 2)]
