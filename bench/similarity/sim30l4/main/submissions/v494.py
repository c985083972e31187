"""Keiko T. -- engine.py (HW4). I used a dataclass because I got tired of writing __init__."""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Callable, List


@dataclass(eq=False)
class Value:
    data: float
    parents: List[Value] = field(default_factory=list)
    op: str = ""
    grad: float = 0.0
    backprop: Callable[[], None] = field(default=lambda: None, repr=False, compare=False)

    @staticmethod
    def of(x) -> Value:
        return x if isinstance(x, Value) else Value(float(x))

    def __add__(self, other) -> Value:
        other = Value.of(other)
        out = Value(self.data + other.data, [self, other], "+")

        def backprop():
            self.grad += out.grad
            other.grad += out.grad
        out.backprop = backprop
        return out

    def __mul__(self, other) -> Value:
        other = Value.of(other)
        out = Value(self.data * other.data, [self, other], "*")

        def backprop():
            self.grad += other.data * out.grad
            other.grad += self.data * out.grad
        out.backprop = backprop
        return out

    def __pow__(self, n) -> Value:
        if not isinstance(n, (int, float)):
            raise TypeError("exponent must be int or float")
        out = Value(self.data ** n, [self], f"**{n}")

        def backprop():
            self.grad += n * self.data ** (n - 1) * out.grad
        out.backprop = backprop
        return out

    def log(self) -> Value:
        if self.data <= 0:
            raise ValueError("log needs a positive input")
        out = Value(math.log(self.data), [self], "log")

        def backprop():
            self.grad += out.grad / self.data
        out.backprop = backprop
        return out

    def exp(self) -> Value:
        out = Value(math.exp(self.data), [self], "exp")

        def backprop():
            self.grad += out.data * out.grad
        out.backprop = backprop
        return out

    def tanh(self) -> Value:
        e = math.exp(2 * self.data)
        t = (e - 1) / (e + 1)
        out = Value(t, [self], "tanh")

        def backprop():
            self.grad += (1 - t * t) * out.grad
        out.backprop = backprop
        return out

    def relu(self) -> Value:
        out = Value(self.data if self.data > 0 else 0.0, [self], "relu")

        def backprop():
            self.grad += (1.0 if out.data > 0 else 0.0) * out.grad
        out.backprop = backprop
        return out

    def __neg__(self) -> Value:
        return self * -1

    def __sub__(self, other) -> Value:
        return self + (-Value.of(other))

    def __rsub__(self, other) -> Value:
        return Value.of(other) + (-self)

    def __truediv__(self, other) -> Value:
        return self * Value.of(other) ** -1

    def __rtruediv__(self, other) -> Value:
        return Value.of(other) * self ** -1

    __radd__ = __add__
    __rmul__ = __mul__

    def backward(self) -> None:
        order: List[Value] = []
        seen = set()
        stack = [self]
        while stack:
            v = stack.pop()
            if isinstance(v, tuple):
                order.append(v[0])
                continue
            if id(v) in seen:
                continue
            seen.add(id(v))
            stack.append((v,))
            stack.extend(v.parents)
        self.grad = 1.0
        for v in reversed(order):
            v.backprop()
