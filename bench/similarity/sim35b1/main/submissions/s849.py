"""Scalar reverse-mode autodiff (project 1) -- Rafael Souza."""
from __future__ import annotations

import math
from dataclasses import dataclass, field


@dataclass(eq=False)
class Value:
    data: float
    _prev: tuple = ()
    _op: str = ""
    _arg: float | None = None  # the constant exponent of "pow"
    grad: float = 0.0

    def __init__(self, data, _children=(), _op="", _arg=None):
        self.data = data
        self._prev = tuple(_children)
        self._op = _op
        self._arg = _arg
        self.grad = 0

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"

    @staticmethod
    def _coerce(x):
        return x if isinstance(x, Value) else Value(x)

    # forward: each op only records what it is; the chain rule lives in _backward
    def __add__(self, other):
        other = Value._coerce(other)
        return Value(self.data + other.data, (self, other), "add")

    def __mul__(self, other):
        other = Value._coerce(other)
        return Value(self.data * other.data, (self, other), "mul")

    def __pow__(self, k):
        return Value(self.data ** k, (self,), "pow", k)

    def relu(self):
        return Value(self.data if self.data > 0 else 0, (self,), "relu")

    def tanh(self):
        return Value(math.tanh(self.data), (self,), "tanh")

    def exp(self):
        return Value(math.exp(self.data), (self,), "exp")

    def log(self):
        return Value(math.log(self.data), (self,), "log")

    def _backward(self):
        g = self.grad
        match self._op:
            case "add":
                a, b = self._prev
                a.grad += g
                b.grad += g
            case "mul":
                a, b = self._prev
                a.grad += b.data * g
                b.grad += a.data * g
            case "pow":
                (a,) = self._prev
                a.grad += self._arg * a.data ** (self._arg - 1) * g
            case "relu":
                (a,) = self._prev
                a.grad += (self.data > 0) * g
            case "tanh":
                (a,) = self._prev
                a.grad += (1 - self.data ** 2) * g
            case "exp":
                (a,) = self._prev
                a.grad += self.data * g
            case "log":
                (a,) = self._prev
                a.grad += g / a.data
            case _:
                pass  # a leaf

    def backward(self):
        # post-order with an explicit stack instead of recursion
        order, done, stack = [], set(), [(self, False)]
        while stack:
            v, ready = stack.pop()
            if ready:
                order.append(v)
            elif v not in done:
                done.add(v)
                stack.append((v, True))
                stack.extend((c, False) for c in v._prev)
        self.grad = 1
        for v in reversed(order):
            v._backward()

    __radd__ = __add__
    __rmul__ = __mul__

    def __neg__(self):
        return -1 * self

    def __sub__(self, other):
        return self + -1 * Value._coerce(other)

    def __rsub__(self, other):
        return Value._coerce(other) + -1 * self

    def __truediv__(self, other):
        return self * Value._coerce(other) ** -1

    def __rtruediv__(self, other):
        return Value._coerce(other) * self ** -1


def _approx(x, y, rel=1e-9):
    return abs(x - y) <= rel * max(1.0, abs(y))


def _t2():
    return 1 - math.tanh(1.3) ** 2


CASES = [
    # (name, leaves, f(leaves), expected gradients)
    ("square", (3.0,), lambda a: a * a, (6.0,)),
    ("three paths", (3.0, -2.0), lambda a, b: a * a + a * b + a, (5.0, 3.0)),
    ("exp of a cube", (0.5,), lambda c: (c ** 3).exp() + c.exp(),
     (0.75 * math.exp(0.125) + math.exp(0.5),)),
    ("tanh times log", (1.3,), lambda d: d.tanh() * d.log(),
     (_t2() * math.log(1.3) + math.tanh(1.3) / 1.3,)),
]

if __name__ == "__main__":
    for name, xs, f, want in CASES:
        leaves = [Value(x) for x in xs]
        f(*leaves).backward()
        assert all(_approx(v.grad, w) for v, w in zip(leaves, want)), name
    print("all good")
