"""Session 23 (siml423): an engine's ops written as module functions, bound to the class after it, the reflected ops
as lambdas that pass their parameters on (`Value.__radd__ = lambda self, other: _add(self, other)`), read as the
methods they are (plain_classes._bound_after: the lambda binds `_add`, so `_add` is named only by the class's
entries and its `def` moves into the class as `__add__`, `__radd__ = __add__`). Exact: the engine as written and as
read compute the same values and gradients; the cases it must leave as written are left."""

import ast
import textwrap

from grader.similarity.normalise import units_of
from grader.similarity.plain_classes import classes_as_written

from .test_rewrites_exact import _engine_run, _same

ATTACHED = textwrap.dedent("""\
    import math


    class Value:
        def __init__(self, data, _children=()):
            self.data = data
            self.grad = 0.0
            self._prev = set(_children)
            self._backward = lambda: None

        def backward(self):
            order, seen = [], set()

            def visit(v):
                if v not in seen:
                    seen.add(v)
                    for child in v._prev:
                        visit(child)
                    order.append(v)
            visit(self)
            self.grad = 1.0
            for v in reversed(order):
                v._backward()


    def _lift(x):
        return x if isinstance(x, Value) else Value(x)


    def _add(a, b):
        b = _lift(b)
        out = Value(a.data + b.data, (a, b))

        def grad_fn():
            a.grad += out.grad
            b.grad += out.grad
        out._backward = grad_fn
        return out


    def _mul(a, b):
        b = _lift(b)
        out = Value(a.data * b.data, (a, b))

        def grad_fn():
            a.grad += b.data * out.grad
            b.grad += a.data * out.grad
        out._backward = grad_fn
        return out


    def _tanh(a):
        t = math.tanh(a.data)
        out = Value(t, (a,))

        def grad_fn():
            a.grad += (1 - t ** 2) * out.grad
        out._backward = grad_fn
        return out


    def _pow(a, k):
        out = Value(a.data ** k, (a,))

        def grad_fn():
            a.grad += k * a.data ** (k - 1) * out.grad
        out._backward = grad_fn
        return out


    Value.__add__ = _add
    Value.__radd__ = lambda self, other: _add(self, other)
    Value.__mul__ = _mul
    setattr(Value, "__rmul__", lambda self, other: _mul(self, other))
    Value.tanh = _tanh
    Value.__pow__ = _pow
    Value.__neg__ = lambda self: self * -1
    Value.__sub__ = lambda self, other: self + -other
    Value.__rsub__ = lambda self, other: -self + other
    Value.__truediv__ = lambda self, other: self * other ** -1
    Value.__rtruediv__ = lambda self, other: self ** -1 * other
    Value.relu = lambda self: self * 1 if self.data > 0 else self * 0
    Value.exp = lambda self: Value(math.e) ** self.data
""")


def _read(text: str):
    tree = ast.parse(text)
    changed = classes_as_written(tree)
    return ast.unparse(tree), changed


def _methods(text: str) -> set[str]:
    return {u.name for u in units_of(text) if u.name.startswith("Value.")}


def test_ops_bound_after_the_class_with_lambdas_passing_on_are_the_methods_and_compute_the_same():
    after, changed = _read(ATTACHED)
    assert changed
    cls = next(s for s in ast.parse(after).body if isinstance(s, ast.ClassDef))
    defs = {s.name for s in cls.body if isinstance(s, ast.FunctionDef)}
    assert {"__add__", "__mul__", "tanh", "__pow__"} <= defs
    assert "__radd__ = __add__" in after and "__rmul__ = __mul__" in after
    assert not any(isinstance(s, ast.FunctionDef) and s.name in ("_add", "_mul") for s in ast.parse(after).body)
    # each op's value and the loss to the bit, the gradients within a millionth of a millionth (a set of Values
    # walked in id order sums a gradient's parts in an order of the run's: test_rewrites_exact._same)
    assert _same(_engine_run(ATTACHED), _engine_run(after))
    assert {"Value.__add__", "Value.__mul__"} <= _methods(ATTACHED)


def test_what_is_left_as_written():
    # the operands passed on the other way round: `_add(other, self)` is not `_add`
    swapped = ATTACHED.replace("lambda self, other: _add(self, other)", "lambda self, other: _add(other, self)")
    assert "Value.__add__" not in _methods(swapped)
    assert _same(_engine_run(swapped), _engine_run(_read(swapped)[0]))
    # `_add` bound twice by the module: the lambda calls whichever is bound when it runs
    rebound = ATTACHED + "\n\ndef _add(a, b):\n    return Value(0.0)\n"
    after, _ = _read(rebound)
    assert "return _add(self, other)" in after  # the lambda as its def, calling `_add` as written
    assert _same(_engine_run(rebound), _engine_run(after))
    # a lambda with a default, or passing on a keyword, is not the function it calls
    for lam in ("lambda self, other=1: _add(self, other)", "lambda self, other: _add(self, b=other)"):
        text = ATTACHED.replace("lambda self, other: _add(self, other)", lam)
        assert "Value.__add__" not in _methods(text), lam
        assert _same(_engine_run(text), _engine_run(_read(text)[0]))
