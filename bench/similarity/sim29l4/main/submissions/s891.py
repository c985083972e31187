"""Scalar autograd, with type hints (04-more-ops)."""

from __future__ import annotations

import math
from typing import Callable, Iterable, Union

Number = Union[int, float]


class Value:
    """A scalar in a computation graph, with the gradient of the final output with respect to it."""

    def __init__(self, data: Number, _children: Iterable[Value] = (), _op: str = "") -> None:
        self.data: Number = data
        self.grad: float = 0
        self._backward: Callable[[], None] = lambda: None
        self._prev: tuple[Value, ...] = tuple(dict.fromkeys(_children))
        self._op: str = _op

    @staticmethod
    def _lift(x: Value | Number) -> Value:
        return x if isinstance(x, Value) else Value(x)

    def __add__(self, other: Value | Number) -> Value:
        other = Value._lift(other)
        out = Value(self.data + other.data, (self, other), "+")

        def _backward() -> None:
            self.grad += out.grad
            other.grad += out.grad

        out._backward = _backward
        return out

    def __mul__(self, other: Value | Number) -> Value:
        other = Value._lift(other)
        out = Value(self.data * other.data, (self, other), "*")

        def _backward() -> None:
            self.grad += other.data * out.grad
            other.grad += self.data * out.grad

        out._backward = _backward
        return out

    def __pow__(self, k: Number) -> Value:
        assert isinstance(k, (int, float)), "only constant powers"
        out = Value(self.data**k, (self,), f"**{k}")

        def _backward() -> None:
            self.grad += k * self.data ** (k - 1) * out.grad

        out._backward = _backward
        return out

    def relu(self) -> Value:
        out = Value(0 if self.data < 0 else self.data, (self,), "ReLU")

        def _backward() -> None:
            self.grad += (out.data > 0) * out.grad

        out._backward = _backward
        return out

    def tanh(self) -> Value:
        t: float = math.tanh(self.data)
        out = Value(t, (self,), "tanh")

        def _backward() -> None:
            self.grad += (1 - t * t) * out.grad

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

    def backward(self) -> None:
        order: list[Value] = []
        seen: set[int] = set()

        def visit(node: Value) -> None:
            if id(node) in seen:
                return
            seen.add(id(node))
            for parent in node._prev:
                visit(parent)
            order.append(node)

        visit(self)
        self.grad = 1
        for node in reversed(order):
            node._backward()

    def __neg__(self) -> Value:
        return self * -1

    def __radd__(self, other: Number) -> Value:
        return self + other

    def __sub__(self, other: Value | Number) -> Value:
        return self + (-other)

    def __rsub__(self, other: Number) -> Value:
        return other + (-self)

    def __rmul__(self, other: Number) -> Value:
        return self * other

    def __truediv__(self, other: Value | Number) -> Value:
        return self * other**-1

    def __rtruediv__(self, other: Number) -> Value:
        return other * self**-1

    def __repr__(self) -> str:
        return f"Value(data={self.data}, grad={self.grad})"
