from __future__ import annotations

import math
from typing import Callable, List, Union

Scalar = Union[int, float]


def _coerce(x) -> "Value":
    return x if isinstance(x, Value) else Value(x)


class Value:
    """One node of a scalar computation graph.

    data is the forward value, grad is d(root)/d(node) after ``backward``,
    label is an optional name for drawing the graph.
    """

    def __init__(self, data: Scalar, _children=(), _op: str = "", label: str = "") -> None:
        self.data = float(data)
        self.grad = 0.0
        self._backward: Callable[[], None] = lambda: None
        self._prev = set(_children)
        self._op = _op
        self.label = label

    def backward(self) -> None:
        ordering: List[Value] = []
        visited = set()
        stack = [(self, False)]
        while stack:
            node, ready = stack.pop()
            if ready:
                ordering.append(node)
            elif node not in visited:
                visited.add(node)
                stack.append((node, True))
                stack.extend((parent, False) for parent in node._prev)
        self.grad = 1.0
        for node in ordering[::-1]:
            node._backward()

    def __add__(self, other) -> Value:
        other = _coerce(other)
        res = Value(self.data + other.data, (self, other), "+")

        def _backward() -> None:
            self.grad += 1.0 * res.grad
            other.grad += 1.0 * res.grad

        res._backward = _backward
        return res

    def __mul__(self, other) -> Value:
        other = _coerce(other)
        res = Value(self.data * other.data, (self, other), "*")

        def _backward() -> None:
            self.grad = self.grad + other.data * res.grad
            other.grad = other.grad + self.data * res.grad

        res._backward = _backward
        return res

    def __pow__(self, exponent: Scalar) -> Value:
        if not isinstance(exponent, (int, float)):
            raise TypeError("exponent must be an int or a float")
        res = Value(self.data**exponent, (self,), f"**{exponent}")

        def _backward() -> None:
            self.grad += exponent * (self.data ** (exponent - 1)) * res.grad

        res._backward = _backward
        return res

    def relu(self) -> Value:
        res = Value(self.data if self.data > 0 else 0.0, (self,), "ReLU")

        def _backward() -> None:
            self.grad += (res.data > 0) * res.grad

        res._backward = _backward
        return res

    def exp(self) -> Value:
        res = Value(math.exp(self.data), (self,), "exp")

        def _backward() -> None:
            self.grad += res.data * res.grad

        res._backward = _backward
        return res

    def tanh(self) -> Value:
        e2x = math.exp(2 * self.data)
        t = (e2x - 1) / (e2x + 1)
        res = Value(t, (self,), "tanh")

        def _backward() -> None:
            self.grad += (1 - t * t) * res.grad

        res._backward = _backward
        return res

    def __repr__(self) -> str:
        prefix = (self.label + ": ") if self.label else ""
        return f"Value({prefix}data={self.data}, grad={self.grad})"

    def __radd__(self, other: Scalar) -> Value:
        return self + other

    def __rmul__(self, other: Scalar) -> Value:
        return self * other

    def __neg__(self) -> Value:
        return self * -1

    def __sub__(self, other) -> Value:
        return self + (-other)

    def __rsub__(self, other: Scalar) -> Value:
        return other + (-self)

    def __truediv__(self, other) -> Value:
        return self * other**-1

    def __rtruediv__(self, other: Scalar) -> Value:
        return other * self**-1
