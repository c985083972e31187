from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Callable


def as_value(x) -> Value:
    if isinstance(x, Value):
        return x
    return Value(float(x))


@dataclass(eq=False)
class Value:
    """A node of the graph; eq=False keeps it hashable by identity."""

    data: float
    _prev: tuple = field(default=(), repr=False)
    _op: str = ""
    grad: float = 0.0
    _backward: Callable[[], None] = field(default=lambda: None, repr=False)

    def backward(self) -> None:
        ordered: list[Value] = []
        seen: set[int] = {id(self)}
        stack = [(self, iter(self._prev))]
        while stack:
            v, parents = stack[-1]
            p = next(parents, None)
            if p is None:
                ordered.append(stack.pop()[0])
            elif id(p) not in seen:
                seen.add(id(p))
                stack.append((p, iter(p._prev)))
        self.grad = 1.0
        for v in ordered[::-1]:
            v._backward()

    def _binary(self, other: Value, value: float, d_self: float, d_other: float, op: str) -> Value:
        out = Value(value, (self, other), op)

        def _backward() -> None:
            self.grad += out.grad * d_self
            other.grad += out.grad * d_other

        out._backward = _backward
        return out

    def __mul__(self, other) -> Value:
        other = as_value(other)
        return self._binary(other, self.data * other.data, other.data, self.data, "*")

    def __add__(self, other) -> Value:
        other = as_value(other)
        return self._binary(other, self.data + other.data, 1.0, 1.0, "+")

    def tanh(self) -> Value:
        out = Value(math.tanh(self.data), (self,), "tanh")

        def _backward() -> None:
            self.grad += (1 - out.data ** 2) * out.grad

        out._backward = _backward
        return out

    def exp(self) -> Value:
        out = Value(math.exp(self.data), (self,), "exp")

        def _backward() -> None:
            self.grad += out.data * out.grad

        out._backward = _backward
        return out

    def log(self) -> Value:
        out = Value(math.log(self.data), (self,), "log")

        def _backward() -> None:
            self.grad += out.grad / self.data

        out._backward = _backward
        return out

    def relu(self) -> Value:
        out = Value(self.data if self.data > 0 else 0.0, (self,), "relu")

        def _backward() -> None:
            self.grad += out.grad * (self.data > 0)

        out._backward = _backward
        return out

    def __pow__(self, n: float) -> Value:
        out = Value(self.data ** n, (self,), f"^{n}")

        def _backward() -> None:
            self.grad += n * self.data ** (n - 1) * out.grad

        out._backward = _backward
        return out

    def __rmul__(self, other) -> Value:
        return self * other

    def __radd__(self, other) -> Value:
        return self + other

    def __neg__(self) -> Value:
        return -1 * self

    def __sub__(self, other) -> Value:
        return self + -1 * as_value(other)

    def __rsub__(self, other) -> Value:
        return as_value(other) + -1 * self

    def __truediv__(self, other) -> Value:
        return self * as_value(other) ** -1

    def __rtruediv__(self, other) -> Value:
        return as_value(other) * self ** -1
