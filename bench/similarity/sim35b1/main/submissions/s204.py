"""Autograd engine, written from scratch with a dataclass. -- Mateo Rossi"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Callable, Tuple


@dataclass(eq=False)
class Value:
    data: float
    _prev: Tuple["Value", ...] = ()
    _op: str = ""
    grad: float = 0.0
    _backward: Callable[[], None] = field(default=lambda: None, repr=False)

    def __init__(self, data, _children=(), _op=""):
        self.data = data
        self._prev = tuple(_children)
        self._op = _op
        self.grad = 0.0
        self._backward = lambda: None

    @staticmethod
    def lift(x) -> "Value":
        return x if isinstance(x, Value) else Value(x)

    def __add__(self, other) -> "Value":
        other = Value.lift(other)
        res = Value(self.data + other.data, (self, other), "add")

        def rule():
            self.grad += res.grad
            other.grad += res.grad

        res._backward = rule
        return res

    __radd__ = __add__

    def __mul__(self, other) -> "Value":
        other = Value.lift(other)
        res = Value(self.data * other.data, (self, other), "mul")

        def rule():
            self.grad += other.data * res.grad
            other.grad += self.data * res.grad

        res._backward = rule
        return res

    __rmul__ = __mul__

    def __pow__(self, k: float) -> "Value":
        res = Value(self.data ** k, (self,), "pow")

        def rule():
            self.grad += k * self.data ** (k - 1) * res.grad

        res._backward = rule
        return res

    def __neg__(self) -> "Value":
        return self * -1

    def __sub__(self, other) -> "Value":
        return self + (-Value.lift(other))

    def __rsub__(self, other) -> "Value":
        return Value.lift(other) - self

    def __truediv__(self, other) -> "Value":
        return self * Value.lift(other) ** -1

    def __rtruediv__(self, other) -> "Value":
        return Value.lift(other) / self

    def _unary(self, value: float, local: float, op: str) -> "Value":
        res = Value(value, (self,), op)

        def rule():
            self.grad += local * res.grad

        res._backward = rule
        return res

    def relu(self) -> "Value":
        return self._unary(max(self.data, 0.0), 1.0 if self.data > 0 else 0.0, "relu")

    def tanh(self) -> "Value":
        t = math.tanh(self.data)
        return self._unary(t, 1 - t * t, "tanh")

    def exp(self) -> "Value":
        e = math.exp(self.data)
        return self._unary(e, e, "exp")

    def log(self) -> "Value":
        return self._unary(math.log(self.data), 1 / self.data, "log")

    def backward(self) -> None:
        order: list[Value] = []
        marked: set[int] = set()

        def visit(v: Value) -> None:
            if id(v) in marked:
                return
            marked.add(id(v))
            for p in v._prev:
                visit(p)
            order.append(v)

        visit(self)
        self.grad = 1.0
        for v in reversed(order):
            v._backward()
