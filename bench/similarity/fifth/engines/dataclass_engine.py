from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Callable


@dataclass(eq=False)
class Value:
    """Scalar node of a computation graph (identity-hashed: eq=False)."""

    data: float
    _prev: tuple = field(default=(), repr=False)
    _op: str = ""
    grad: float = 0.0
    _backward: Callable[[], None] = field(default=lambda: None, repr=False)

    @staticmethod
    def _wrap(x) -> Value:
        return x if isinstance(x, Value) else Value(float(x))

    def _unary(self, value: float, local: float, op: str) -> Value:
        """A one-input node whose local derivative is already known."""
        out = Value(value, (self,), op)

        def _backward() -> None:
            self.grad += local * out.grad

        out._backward = _backward
        return out

    def __add__(self, other) -> Value:
        other = Value._wrap(other)
        out = Value(self.data + other.data, (self, other), "+")

        def _backward() -> None:
            self.grad += out.grad
            other.grad += out.grad

        out._backward = _backward
        return out

    def __mul__(self, other) -> Value:
        other = Value._wrap(other)
        out = Value(self.data * other.data, (self, other), "*")

        def _backward() -> None:
            self.grad += other.data * out.grad
            other.grad += self.data * out.grad

        out._backward = _backward
        return out

    def __pow__(self, n: float) -> Value:
        return self._unary(self.data ** n, n * self.data ** (n - 1), f"^{n}")

    def relu(self) -> Value:
        return self._unary(max(0.0, self.data), float(self.data > 0), "relu")

    def tanh(self) -> Value:
        t = math.tanh(self.data)
        return self._unary(t, 1 - t * t, "tanh")

    def exp(self) -> Value:
        e = math.exp(self.data)
        return self._unary(e, e, "exp")

    def log(self) -> Value:
        return self._unary(math.log(self.data), 1 / self.data, "log")

    def __neg__(self) -> Value:
        return self * -1

    def __radd__(self, other) -> Value:
        return self + other

    def __sub__(self, other) -> Value:
        return self + (-other)

    def __rsub__(self, other) -> Value:
        return (-self) + other

    def __rmul__(self, other) -> Value:
        return self * other

    def __truediv__(self, other) -> Value:
        return self * Value._wrap(other) ** -1

    def __rtruediv__(self, other) -> Value:
        return Value._wrap(other) * self ** -1

    def backward(self) -> None:
        ordered: list[Value] = []
        seen: set[int] = set()

        def visit(v: Value) -> None:
            if id(v) not in seen:
                seen.add(id(v))
                for p in v._prev:
                    visit(p)
                ordered.append(v)

        visit(self)
        self.grad = 1.0
        for v in reversed(ordered):
            v._backward()
