"""Issue 27, level 4: dispatches a restructured copy may write that meanings.py's evaluator follows (session 20,
siml4m): ops bound with `functools.partialmethod` and arguments, dispatched by a `match` statement, applied through the
`operator` module, bound by a class decorator of the file's own (`setattr(cls, fn.__name__, fn)`), a walk that raises
the recursion limit with `sys` or orders the nodes with `graphlib`, and `backward` a module function bound as
`Value.backward = backward`. Each op reads as the plain engine's (PLAIN) reads it, exactly."""

import sys
import textwrap

import pytest

from grader.parsing import parse
from grader.similarity.budget import PLAIN_LIMIT, Work
from grader.similarity.design import design
from grader.similarity.meanings import meanings
from grader.similarity.plain_module import plain_module
from grader.similarity.unparse import unparse

HEAD = '''
import math


class Value:
    def __init__(self, data, _children=(), _op=''):
        self.data = data
        self.grad = 0.0
        self._backward = lambda: None
        self._prev = set(_children)
'''
WALK = '''
    def backward(self):
        topo, visited = [], set()

        def build(v):
            if v not in visited:
                visited.add(v)
                for child in v._prev:
                    build(child)
                topo.append(v)
        build(self)
        self.grad = 1.0
        for v in reversed(topo):
            v._backward()
'''
RULES = {  # each op's node and its rule, as the plain engine writes them
    "add": '''
            other = other if isinstance(other, Value) else Value(other)
            out = Value(self.data + other.data, (self, other))

            def _backward():
                self.grad += out.grad
                other.grad += out.grad''',
    "mul": '''
            other = other if isinstance(other, Value) else Value(other)
            out = Value(self.data * other.data, (self, other))

            def _backward():
                self.grad += other.data * out.grad
                other.grad += self.data * out.grad''',
    "tanh": '''
            e = math.exp(2 * self.data)
            t = (e - 1) / (e + 1)
            out = Value(t, (self,))

            def _backward():
                self.grad += (1 - t * t) * out.grad''',
    "relu": '''
            out = Value(self.data if self.data > 0 else 0.0, (self,))

            def _backward():
                self.grad += float(out.data > 0) * out.grad''',
}
NAMES = {"add": "__add__", "mul": "__mul__", "tanh": "tanh", "relu": "relu"}
TAIL = '''
    def __neg__(self):
        return self * -1

    def __sub__(self, other):
        return self + (-other)
'''


def _method(op: str) -> str:
    other = ", other" if op in ("add", "mul") else ""
    body = "\n".join(line[4:] for line in RULES[op].splitlines())
    return f"\n    def {NAMES[op]}(self{other}):{body}\n        out._backward = _backward\n        return out\n"


PLAIN = HEAD + "".join(_method(op) for op in RULES) + WALK + TAIL


PARTIAL = HEAD.replace("import math", "import math\nfrom functools import partialmethod") + '''
    def _apply(self, name, other=None):
        if name == 'add':''' + RULES["add"] + "\n        elif name == 'mul':" + RULES["mul"] + \
    "\n        elif name == 'tanh':" + RULES["tanh"] + "\n        else:" + RULES["relu"] + '''
        out._backward = _backward
        return out

    __add__ = partialmethod(_apply, 'add')
    __mul__ = partialmethod(_apply, 'mul')
    tanh = partialmethod(_apply, name='tanh')
    relu = partialmethod(_apply, 'relu')
''' + WALK + TAIL

PATTERNS = {"add": "'add'", "mul": "'mul' | 'times'", "tanh": "'tanh'", "relu": "_"}
MATCH = HEAD + '''
    def _apply(self, name, other=None):
        match name:''' + "".join(f"\n            case {PATTERNS[op]}:" + "\n".join(
            "    " + line if line else line for line in RULES[op].splitlines()) for op in RULES) + '''
        out._backward = _backward
        return out

    def __add__(self, other):
        return self._apply('add', other)

    def __mul__(self, other):
        return self._apply('mul', other)

    def tanh(self):
        return self._apply('tanh')

    def relu(self):
        return self._apply('relu')
''' + WALK + TAIL

OPERATOR = HEAD.replace("import math", "import math\nimport operator") + '''
    def _binary(self, other, forward, slopes):
        other = other if isinstance(other, Value) else Value(other)
        out = Value(forward(self.data, other.data), (self, other))

        def _backward():
            da, db = slopes(self.data, other.data)
            self.grad += da * out.grad
            other.grad += db * out.grad
        out._backward = _backward
        return out

    def __add__(self, other):
        return self._binary(other, operator.add, lambda a, b: (1.0, 1.0))

    def __mul__(self, other):
        return self._binary(other, operator.mul, lambda a, b: (b, a))
''' + _method("tanh") + _method("relu") + WALK + '''
    def __neg__(self):
        return self * operator.neg(1)

    def __sub__(self, other):
        return self + (-other)
'''

RECURSION = "import sys\n" + PLAIN.replace("        topo, visited = [], set()\n", (
    "        sys.setrecursionlimit(max(sys.getrecursionlimit(), 10000))\n        topo, visited = [], set()\n"))

FREE_WALK = HEAD + "".join(_method(op) for op in RULES) + TAIL + "\n" + textwrap.dedent(WALK).replace(
    "self", "root") + "\n\nValue.backward = backward\n"  # the walk a module function, `root` for `self`

DECORATED = "import math\n" + "".join("\n" + "\n".join(line[4:] for line in _method(op).splitlines()) + "\n"
                                      for op in RULES) + '''

def _with_ops(cls):
    for fn in (__add__, __mul__, tanh, relu):
        setattr(cls, fn.__name__, fn)
    return cls


@_with_ops
''' + HEAD.replace("import math\n", "").lstrip() + WALK + TAIL

GRAPHLIB = "from graphlib import TopologicalSorter\n" + HEAD + "".join(_method(op) for op in RULES) + '''
    def backward(self):
        graph, stack = {}, [self]
        while stack:
            v = stack.pop()
            if v not in graph:
                graph[v] = v._prev
                stack.extend(v._prev)
        self.grad = 1.0
        for v in reversed(list(TopologicalSorter(graph).static_order())):
            v._backward()
''' + TAIL


def ops(source: str) -> dict[str, list[str]]:
    """Each op's parts of its meaning (value, graph, derivatives), as text."""
    found: dict[str, list[str]] = {}
    for _, text, _ in meanings(source).values():
        if text.startswith("op "):
            _, op, part = text.split(" ", 2)
            found.setdefault(op, []).append(part)
    return {op: sorted(parts) for op, parts in found.items()}


TANH = "(((math.exp((2 * x0)) + 1) ** -1) * (math.exp((2 * x0)) + -1))"


def test_the_plain_engine_reads_every_op():
    read = ops(PLAIN)
    assert sorted(read) == ["__add__", "__mul__", "__neg__", "__sub__", "relu", "tanh"]
    assert read["__mul__"] == ["d0 x1", "d1 x0", "graph (out; x0, x1)", "value (x0 * x1)"]
    assert read["relu"] == ["d0 (0 < x0)", "graph (out; x0)", "value max(0, x0)"]
    assert read["tanh"] == ["d0 ((-1 * ((math.exp((2 * x0)) + -1) ** 2) * ((math.exp((2 * x0)) + 1) ** -2)) + 1)",
                            "graph (out; x0)", f"value {TANH}"]


@pytest.mark.parametrize("name, source", [("partialmethod", PARTIAL), ("match", MATCH), ("operator", OPERATOR),
                                          ("recursion limit", RECURSION), ("backward bound after", FREE_WALK),
                                          ("class decorator", DECORATED), ("graphlib", GRAPHLIB)])
def test_a_restructured_dispatch_means_what_the_plain_engine_means(name, source):
    namespace: dict = {}
    limit = sys.getrecursionlimit()
    try:
        exec(compile(source, name, "exec"), namespace)  # the test's own engines: each runs as the plain one does
        x, y = namespace["Value"](0.5), namespace["Value"](-1.5)
        z = (x * y).tanh() + (x - y).relu() * 2
        z.backward()
    finally:
        sys.setrecursionlimit(limit)  # RECURSION's walk raises it
    assert (round(z.data, 12), round(x.grad, 12), round(y.grad, 12)) == (3.364851047613, 1.105121287578,
                                                                         -1.701707095859)
    assert ops(source) == ops(PLAIN)
    assert meanings(source).keys() == meanings(PLAIN).keys()  # the engine's whole and its walk's design too


def test_the_match_follows_only_literal_cases_on_a_known_subject():
    # a match on the node's symbolic data decides on a symbolic value: the op is not followed
    symbolic = PLAIN.replace("    def relu(self):\n", "    def relu(self):\n        match self.data:\n"
                             "            case 0:\n                return self\n")
    assert "relu" not in ops(symbolic) and ops(symbolic)["tanh"] == ops(PLAIN)["tanh"]
    # a class pattern is no literal: not followed (the cases before it are)
    classed = MATCH.replace("case _:", "case str():")
    assert "relu" not in ops(classed) and ops(classed)["__mul__"] == ops(PLAIN)["__mul__"]
    # a guard is followed as a test: `case _ if False` never matches
    guarded = MATCH.replace("case 'tanh':", "case 'tanh' if False:")
    assert ops(guarded)["tanh"] == ops(PLAIN)["relu"]


def test_backward_bound_after_the_class_is_its_method_in_the_plain_form():
    text = unparse(plain_module(parse(FREE_WALK), FREE_WALK, Work(PLAIN_LIMIT)))
    assert "Value.backward" not in text and "\n    def backward(root):\n" in text
    assert design(plain_module(parse(FREE_WALK), FREE_WALK, Work(PLAIN_LIMIT))) == \
        design(plain_module(parse(PLAIN), PLAIN, Work(PLAIN_LIMIT))) == "design topological node node keep"


def test_a_functions_name_is_its_defs_unless_the_file_may_have_changed_it():
    renamed = DECORATED.replace("@_with_ops", "tanh.__name__ = 'tanh2'\n\n\n@_with_ops")
    # renamed before it is bound: bound under a name not followed, as Python binds it under one that is not `tanh`
    assert "tanh" in ops(DECORATED) and "tanh" not in ops(renamed) and ops(renamed)["relu"] == ops(PLAIN)["relu"]


def test_a_cycle_or_a_node_without_identity_is_not_ordered():
    cycle = GRAPHLIB.replace("graph[v] = v._prev", "graph[v] = list(v._prev) + [v]")
    assert ops(cycle) == {}  # every op's walk meets a cycle: nothing read
    numbers = GRAPHLIB.replace("TopologicalSorter(graph)", "TopologicalSorter({1.5: [2.5]})")
    assert ops(numbers) == {}
