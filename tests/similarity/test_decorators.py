"""Session 19 (siml4f): a decorator of the file's own that only rewrites its function's arguments (the coercion lifted
out of every binary op into `@_lifted`) reads as those assignments first in the function (decorators.py); any other
decorator is left as written."""

import ast
import re
import textwrap

import pytest

from grader.similarity.decorators import decorators_as_written
from grader.similarity.normalise import units_of

from .test_meanings import COMPOSED

DECORATOR = textwrap.dedent('''\
    import functools


    def _lifted(op):
        """Numbers on either side become Values before the op sees them."""
        @functools.wraps(op)
        def wrapper(a, b):
            return op(a, b if isinstance(b, Value) else Value(b))
        wrapper.__name__ = op.__name__
        return wrapper
''')
COERCION = "        other = other if isinstance(other, Value) else Value(other)\n"
# the engine with its coercion lifted out of __add__ and __mul__ into the decorator, and other names for the operands
LIFTED = DECORATOR + (COMPOSED.replace(COERCION, "")
                      .replace("    def __add__(self, other):", "    @_lifted\n    def __add__(me, x):")
                      .replace("    def __mul__(self, other):", "    @_lifted\n    def __mul__(me, x):"))
LIFTED = re.sub(r"(?s)(def __(?:add|mul)__\(me, x\):.*?return out\n)",
                lambda m: re.sub(r"\bself\b", "me", re.sub(r"\bother\b", "x", m.group(1))), LIFTED)
PLAIN = COMPOSED


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
    mul = next(f for f in next(s for s in tree.body if isinstance(s, ast.ClassDef)).body if f.name == "__mul__")
    assert not mul.decorator_list
    # the function takes the wrapper's parameters' names (a call by keyword binds as the wrapper's does)
    assert ast.unparse(mul.args) == "a, b"
    assert ast.unparse(mul.body[0]) == "b = b if isinstance(b, Value) else Value(b)"
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
    assert "    def f(a, b):\n        b = float(b)\n        return b\n" in ast.unparse(tree)


@pytest.mark.parametrize("function", [
    # the function binds a name the argument reads: the wrapper's `float` is the builtin, the function's is its own
    "    @deco\n    def f(self, x):\n        float = int\n        return float(x)\n",
    # a generator: the wrapper converts at the call, the generator's body only at its first next()
    "    @deco\n    def f(self, x):\n        yield x\n",
])
def test_an_argument_form_left_where_the_function_would_run_it_otherwise(function):
    text = ("def deco(op):\n    def w(a, b):\n        return op(a, float(b))\n    return w\n\n\n"
            "class C:\n" + function)
    tree = ast.parse(text)
    assert not decorators_as_written(tree, text)
    assert ast.unparse(tree) == ast.unparse(ast.parse(text))
