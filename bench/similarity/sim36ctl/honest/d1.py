# engine.py -- Lina Berg, project 1
"""A scalar Value for reverse-mode autodiff, written as a dataclass."""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Callable


@dataclass(eq=False)
class Value:
    data: float
    parents: tuple = ()
    label: str = ""
    grad: float = 0.0
    push: Callable[[], None] = field(default=lambda: None, repr=False)

    @staticmethod
    def lift(x) -> "Value":
        return x if isinstance(x, Value) else Value(float(x))

    def __add__(self, other):
        other = Value.lift(other)
        res = Value(self.data + other.data, (self, other), "add")

        def push():
            self.grad += res.grad
            other.grad += res.grad
        res.push = push
        return res

    def __mul__(self, other):
        other = Value.lift(other)
        res = Value(self.data * other.data, (self, other), "mul")

        def push():
            self.grad += other.data * res.grad
            other.grad += self.data * res.grad
        res.push = push
        return res

    def __pow__(self, n):
        if not isinstance(n, (int, float)):
            raise TypeError("the exponent has to be a plain number")
        res = Value(self.data ** n, (self,), "pow")

        def push():
            self.grad += n * self.data ** (n - 1) * res.grad
        res.push = push
        return res

    def relu(self):
        res = Value(max(0.0, self.data), (self,), "relu")

        def push():
            self.grad += (self.data > 0) * res.grad
        res.push = push
        return res

    def tanh(self):
        t = math.tanh(self.data)
        res = Value(t, (self,), "tanh")

        def push():
            self.grad += (1.0 - t * t) * res.grad
        res.push = push
        return res

    def exp(self):
        res = Value(math.exp(self.data), (self,), "exp")

        def push():
            self.grad += res.data * res.grad
        res.push = push
        return res

    def log(self):
        if self.data <= 0:
            raise ValueError(f"log is only defined for positive numbers, got {self.data}")
        res = Value(math.log(self.data), (self,), "log")

        def push():
            self.grad += res.grad / self.data
        res.push = push
        return res

    def __neg__(self):
        return self * -1.0

    def __sub__(self, other):
        return self + (-Value.lift(other))

    def __truediv__(self, other):
        return self * Value.lift(other) ** -1

    def __radd__(self, other):
        return self + other

    def __rmul__(self, other):
        return self * other

    def __rsub__(self, other):
        return Value.lift(other) - self

    def __rtruediv__(self, other):
        return Value.lift(other) / self

    def backward(self):
        ordered, seen = [], set()
        stack = [(self, 0)]
        while stack:
            node, i = stack.pop()
            if i == 0:
                if node in seen:
                    continue
                seen.add(node)
            if i < len(node.parents):
                stack.append((node, i + 1))
                stack.append((node.parents[i], 0))
            else:
                ordered.append(node)
        self.grad = 1.0
        for node in reversed(ordered):
            node.push()

    def __repr__(self):
        return f"Value(data={self.data:.4f}, grad={self.grad:.4f})"
