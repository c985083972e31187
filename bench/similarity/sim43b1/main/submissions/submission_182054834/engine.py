"""Homework 4: a scalar autograd engine, written with a dataclass.

Olivia Brown. Each node stores a function that takes the node's gradient and
returns the gradients of its inputs.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Callable


def _const(x) -> "Value":
    return x if isinstance(x, Value) else Value(float(x))


@dataclass(eq=False)
class Value:
    data: float
    parents: tuple = ()
    vjp: Callable | None = None
    grad: float = field(default=0.0)

    def __add__(self, other) -> Value:
        other = _const(other)
        return Value(self.data + other.data, (self, other), lambda g: (g, g))

    def __mul__(self, other) -> Value:
        other = _const(other)
        return Value(self.data * other.data, (self, other), lambda g: (g * other.data, g * self.data))

    def __pow__(self, k: float) -> Value:
        if not isinstance(k, (int, float)):
            raise TypeError("the exponent must be an int or a float")
        return Value(self.data ** k, (self,), lambda g: (g * k * self.data ** (k - 1),))

    def exp(self) -> Value:
        e = math.exp(self.data)
        return Value(e, (self,), lambda g: (g * e,))

    def log(self) -> Value:
        return Value(math.log(self.data), (self,), lambda g: (g / self.data,))

    def tanh(self) -> Value:
        t = math.tanh(self.data)
        return Value(t, (self,), lambda g: (g * (1.0 - t * t),))

    def relu(self) -> Value:
        return Value(max(0.0, self.data), (self,), lambda g: (g * (self.data > 0),))

    def __radd__(self, other) -> Value:
        return self + other

    def __rmul__(self, other) -> Value:
        return self * other

    def __neg__(self) -> Value:
        return self * -1.0

    def __sub__(self, other) -> Value:
        return self + -_const(other)

    def __rsub__(self, other) -> Value:
        return _const(other) + -self

    def __truediv__(self, other) -> Value:
        return self * _const(other) ** -1

    def __rtruediv__(self, other) -> Value:
        return _const(other) * self ** -1

    def backward(self) -> None:
        order: list[Value] = []
        seen: set[int] = set()
        stack: list[tuple[Value, bool]] = [(self, False)]
        while stack:
            v, post = stack.pop()
            if post:
                order.append(v)
                continue
            if id(v) in seen:
                continue
            seen.add(id(v))
            stack.append((v, True))
            for p in v.parents:
                stack.append((p, False))
        self.grad = 1.0
        for v in reversed(order):
            if v.vjp is None:
                continue
            for p, g in zip(v.parents, v.vjp(v.grad)):
                p.grad += g

    def __repr__(self) -> str:
        return f"Value(data={self.data:.6g}, grad={self.grad:.6g})"
