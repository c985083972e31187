"""Session 19 (siml4f): a decorator of the file's own that only rewrites its function's arguments (the coercion lifted
out of every binary op into `@_lifted`) reads as those assignments first in the function (decorators.py); any other
decorator is left as written."""

import ast
import textwrap

import pytest

from grader.similarity.decorators import decorators_as_written
from grader.similarity.normalise import units_of

PLAIN = textwrap.dedent('''\
    class Value:
        def __init__(self, data, _children=()):
            self.data = data
            self.grad = 0
            self._prev = tuple(_children)
            self._backward = lambda: None

        def __add__(self, other):
            other = other if isinstance(other, Value) else Value(other)
            out = Value(self.data + other.data, (self, other))

            def _backward():
                self.grad += out.grad
                other.grad += out.grad

            out._backward = _backward
            return out

        def __mul__(self, other):
            other = other if isinstance(other, Value) else Value(other)
            out = Value(self.data * other.data, (self, other))

            def _backward():
                self.grad += other.data * out.grad
                other.grad += self.data * out.grad

            out._backward = _backward
            return out
''')

LIFTED = textwrap.dedent('''\
    import functools


    def _lifted(op):
        """Numbers on either side become Values before the op sees them."""
        @functools.wraps(op)
        def wrapper(a, b):
            return op(a, b if isinstance(b, Value) else Value(b))
        wrapper.__name__ = op.__name__
        return wrapper


    class Value:
        def __init__(self, data, _children=()):
            self.data = data
            self.grad = 0
            self._prev = tuple(_children)
            self._backward = lambda: None

        @_lifted
        def __mul__(me, x):
            out = Value(me.data * x.data, (me, x))

            def _backward():
                me.grad += x.data * out.grad
                x.grad += me.data * out.grad

            out._backward = _backward
            return out

        @_lifted
        def __add__(me, x):
            out = Value(me.data + x.data, (me, x))

            def _backward():
                me.grad += out.grad
                x.grad += out.grad

            out._backward = _backward
            return out
''')


def _units(text):
    return {u.name: u.tokens for u in units_of(text)}


def test_an_argument_rewriting_decorator_reads_as_the_rewriting_in_the_function():
    plain, lifted = _units(PLAIN), _units(LIFTED)
    assert lifted["Value.__add__"] == plain["Value.__add__"]
    assert lifted["Value.__mul__"] == plain["Value.__mul__"]
    assert "_lifted" not in lifted  # nothing names the decorator any more: its def goes


def test_the_tree_reads_as_the_plain_function():
    tree = ast.parse(LIFTED)
    assert decorators_as_written(tree, LIFTED)
    mul = next(s for s in tree.body if isinstance(s, ast.ClassDef)).body[1]
    assert not mul.decorator_list
    assert ast.unparse(mul.body[0]) == "x = x if isinstance(x, Value) else Value(x)"
    assert [s.name for s in tree.body if isinstance(s, ast.FunctionDef)] == []


@pytest.mark.parametrize("decorator", [
    # the wrapper does something besides calling the function
    "def deco(op):\n    def w(a, b):\n        print(b)\n        return op(a, b)\n    return w\n",
    # an argument reads another parameter
    "def deco(op):\n    def w(a, b):\n        return op(a, b + a)\n    return w\n",
    # the wrapper changes what the function returns
    "def deco(op):\n    def w(a, b):\n        return -op(a, b)\n    return w\n",
    # a decorator with a parameter of its own
    "def deco(op, k):\n    def w(a, b):\n        return op(a, b * k)\n    return w\n",
    # the wrapper sets something of its own
    "def deco(op):\n    def w(a, b):\n        return op(a, float(b))\n    w.calls = 0\n    return w\n",
])
def test_any_other_decorator_is_left_as_written(decorator):
    text = decorator + "\n\nclass C:\n    @deco\n    def f(self, x):\n        return x\n"
    tree = ast.parse(text)
    assert not decorators_as_written(tree, text)
    assert ast.unparse(tree) == ast.unparse(ast.parse(text))


def test_a_decorator_still_named_elsewhere_is_kept():
    text = ("def deco(op):\n    def w(a, b):\n        return op(a, float(b))\n    return w\n\n\n"
            "class C:\n    @deco\n    def f(self, x):\n        return x\n\n    g = deco(len)\n")
    tree = ast.parse(text)
    assert decorators_as_written(tree, text)
    assert ast.unparse(tree).splitlines()[:4] == ["def deco(op):", "", "    def w(a, b):",
                                                  "        return op(a, float(b))"]
    assert "x = float(x)" in ast.unparse(tree)
