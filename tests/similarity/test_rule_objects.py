"""Backward rules written as small callable classes read as the closures they stand for (rule_objects.py), and a
local that names another name read as that name (rewrites.inline_temporaries), session 22 (siml4h): each rewrite
computes what the text as written computes (run before and after, values and gradients to the bit), fires only where
it is exact, and reads the restructured engine's ops as micrograd's closures."""

import ast
import copy
import textwrap
from pathlib import Path

import pytest

from grader.similarity.normalise import read_source
from grader.similarity.rewrites import inline_temporaries
from grader.similarity.rule_objects import rule_objects_as_closures

from .test_rewrites_exact import _engine_run, _same

REPO = Path(__file__).resolve().parents[2]
CLOSURES = (REPO / "reference" / "engine.py").read_text(encoding="utf-8")  # micrograd's closures, the course's


class _Kept(ast.NodeTransformer):
    """Each read of a name the closure took from its op becomes the rule object's attribute (`other` → `rule.other_`)."""

    def __init__(self, names):
        self.names = names

    def visit_Name(self, node):
        if node.id in self.names:
            return ast.Attribute(ast.Name("rule", ast.Load()), node.id + "_", node.ctx)
        return node


def _as_rule_objects(text: str) -> str:
    """TEXT with each op's `_backward` closure made a small callable class, as a copier hides it: `class _MulRule:`
    keeping the names the closure reads (`rule.other_ = other`), its `__call__` the closure's body, and
    `out._backward = _MulRule(self, other, out)` where the closure was."""
    tree = ast.parse(text)
    engine = next(i for i, n in enumerate(tree.body) if isinstance(n, ast.ClassDef) and n.name == "Value")
    rules = []
    for method in tree.body[engine].body:
        closures = [s for s in getattr(method, "body", []) if isinstance(s, ast.FunctionDef) and s.name == "_backward"]
        if not closures:
            continue
        closure = closures[0]
        free = sorted({n.id for n in ast.walk(closure) if isinstance(n, ast.Name)} - {"math"})
        name = f"_{method.name.strip('_').title()}Rule"
        rule = ast.parse(f"class {name}:\n    def __init__(rule, {', '.join(free)}):\n"
                         + "".join(f"        rule.{v}_ = {v}\n" for v in free)
                         + "    def __call__(rule):\n        pass\n").body[0]
        rule.body[1].body = [_Kept(set(free)).visit(copy.deepcopy(b)) for b in closure.body]
        rules.append(rule)
        at = method.body.index(closure)
        method.body[at:at + 2] = ast.parse(f"out._backward = {name}({', '.join(free)})").body
    tree.body[engine:engine] = rules
    return ast.unparse(ast.fix_missing_locations(tree))


OBJECTS = _as_rule_objects(CLOSURES)


def _rewritten(text: str) -> tuple[str, int]:
    tree = ast.parse(text)
    added = rule_objects_as_closures(tree, 4000)
    return ast.unparse(ast.fix_missing_locations(tree)), added


def _units(text: str) -> dict:
    return {u.name: u.tokens for u in read_source(text).units}


def test_rule_objects_compute_as_written_and_read_as_the_closures():
    assert "_MulRule(other, out, self)" in OBJECTS and "def _backward" not in OBJECTS  # every op's closure an object
    after, added = _rewritten(OBJECTS)
    assert added > 0 and "class _MulRule" not in after and "class _TanhRule" not in after
    assert _same(_engine_run(OBJECTS), _engine_run(after))
    assert _same(_engine_run(CLOSURES), _engine_run(OBJECTS))
    plain, hidden = _units(CLOSURES), _units(OBJECTS)
    for op in ("Value.__add__", "Value.__mul__", "Value.__pow__", "Value.tanh", "Value.exp", "Value.log"):
        assert hidden[op] == plain[op], op
    assert sorted(hidden) == sorted(plain)  # the rule classes gone


# a rule taking the node's grad as its argument, passed to the node (the closure is `def rule(g):`)
PASSED = textwrap.dedent('''
    class _Add:
        def __init__(self, a, b):
            self.a, self.b = a, b

        def __call__(self, g):
            self.a.grad += g
            self.b.grad += g


    class Value:
        def __init__(self, data, parents=(), rule=None):
            self.data, self.grad, self.parents, self.rule = data, 0.0, parents, rule

        def __add__(self, other):
            other = other if isinstance(other, Value) else Value(other)
            return Value(self.data + other.data, (self, other), _Add(self, other))

        def __mul__(self, other):
            other = other if isinstance(other, Value) else Value(other)

            def rule(g):
                self.grad += g * other.data
                other.grad += g * self.data
            return Value(self.data * other.data, (self, other), rule)

        def backward(self):  # a tree of nodes (the test's): each node's rule once, outputs first
            self.grad, todo = 1.0, [self]
            while todo:
                v = todo.pop()
                v.rule and v.rule(v.grad)
                todo += v.parents
''')


def test_a_rule_passed_to_the_node_is_a_closure_of_its_parameter():
    after, added = _rewritten(PASSED)
    assert added > 0 and "class _Add" not in after
    assert "def rule(g):" in after.split("def __add__")[1].split("def __mul__")[0]
    assert _same(_engine_run(PASSED), _engine_run(after))


NOT_READ = {
    "keeps a value of its own": '''
        class R:
            def __init__(self, a):
                self.a = a
                self.n = 0
            def __call__(self):
                self.n += 1
                self.a.grad += self.n
        ''',
    "reads itself": '''
        class R:
            def __init__(self, a):
                self.a = a
            def __call__(self):
                self.a.grad += len(vars(self))
        ''',
    "returns a value": '''
        class R:
            def __init__(self, a):
                self.a = a
            def __call__(self):
                return self.a
        ''',
    "has another method": '''
        class R:
            def __init__(self, a):
                self.a = a
            def __call__(self):
                self.a.grad += 1
            def again(self):
                self()
        ''',
    "reads a name the function binds": '''
        k = 2
        class R:
            def __init__(self, a):
                self.a = a
            def __call__(self):
                self.a.grad += k
        ''',
}


@pytest.mark.parametrize("name", sorted(NOT_READ))
def test_a_class_that_is_not_a_rule_is_left_as_written(name):
    text = textwrap.dedent(NOT_READ[name]) + textwrap.dedent('''
        class G:
            def __init__(self):
                self.grad = 0
        def use():
            k = 3
            g = G()
            r = R(g)
            r()
            r()
            return g.grad, k
        ''')
    after, added = _rewritten(text)
    assert added == 0 and after == ast.unparse(ast.parse(text))


def test_a_call_with_keywords_or_a_call_in_its_argument_is_left_as_written():
    text = textwrap.dedent('''
        class R:
            def __init__(self, a):
                self.a = a
            def __call__(self):
                self.a.grad += 1
        def use(g):
            g._backward = R(a=g)
            h = R(make(g))
            return h
        ''')
    after, added = _rewritten(text)
    assert added == 0 and after == ast.unparse(ast.parse(text))


def test_a_rule_made_of_a_name_bound_again_after_it_is_left_as_written():
    text = textwrap.dedent('''
        class R:
            def __init__(self, a, k):
                self.a, self.k = a, k
            def __call__(self):
                self.a.grad += self.k
        class G:
            def __init__(self):
                self.grad = 0
        def use():
            g, k = G(), 1
            g._backward = R(g, k)
            k = 5
            g._backward()
            return g.grad
        ''')
    after, added = _rewritten(text)
    assert added == 0 and after == ast.unparse(ast.parse(text))


# -- a local that names another name (`a, b = self, other`), put in place ---------------------------------------------

ALIAS = textwrap.dedent('''
    def f(self, other):
        a = self
        b = other
        return a * 2 + b * a
    def g(x):
        y = x
        x = 5
        return y * y + x
    def h(xs):
        out = []
        for n in xs:
            m = n
            out.append(m * m)
        return out
''')


def test_a_name_alias_is_put_in_place_only_where_the_name_is_never_assigned():
    tree = ast.parse(ALIAS)
    for function in tree.body:
        inline_temporaries(function)
    after = ast.unparse(tree)
    assert "return self * 2 + other * self" in after  # parameters: never assigned in f
    assert "y = x" in after  # x assigned after the alias: left as written
    assert "m = n" in after  # n a loop's name: assigned by the loop, left as written
    before_ns, after_ns = {}, {}
    exec(compile(ALIAS, "a.py", "exec"), before_ns)  # noqa: S102 - the test's own text
    exec(compile(after, "b.py", "exec"), after_ns)  # noqa: S102
    for call in ("f(3, 4)", "g(2)", "h([1, 2, 3])"):
        assert eval(call, before_ns) == eval(call, after_ns)  # noqa: S307


def test_a_closure_that_names_its_operands_reads_as_the_closure_without():
    named = CLOSURES.replace('''
            self.grad += other.data * out.grad
            other.grad += self.data * out.grad''', '''
            a, b = self, other
            a.grad += b.data * out.grad
            b.grad += a.data * out.grad''')
    assert named != CLOSURES
    assert _units(named)["Value.__mul__"] == _units(CLOSURES)["Value.__mul__"]
    assert _same(_engine_run(CLOSURES), _engine_run(copy.copy(named)))
