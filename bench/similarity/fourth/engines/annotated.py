from __future__ import annotations

import math
from typing import Callable, Iterable, List, Set, Tuple, Union

Number = Union[int, float]


class Value:
    """A node in a scalar computation graph.

    Attributes:
        data: the forward value.
        grad: d(root)/d(this node), filled in by ``backward``.
        label: optional name, handy when drawing the graph.
    """

    def __init__(self, data: Number, _children: Iterable[Value] = (), _op: str = "", label: str = "") -> None:
        self.data: float = float(data)
        self.grad: float = 0.0
        self._backward: Callable[[], None] = lambda: None
        self._prev: Set[Value] = set(_children)
        self._op: str = _op
        self.label: str = label

    def __repr__(self) -> str:
        name = f"{self.label}: " if self.label else ""
        return f"Value({name}data={self.data}, grad={self.grad})"

    @staticmethod
    def _as_value(x: Union[Value, Number]) -> Value:
        return x if isinstance(x, Value) else Value(x)

    # ---- arithmetic ----
    def __add__(self, other: Union[Value, Number]) -> Value:
        rhs = self._as_value(other)
        result = Value(self.data + rhs.data, (self, rhs), "+")

        def _backward() -> None:
            self.grad += 1.0 * result.grad
            rhs.grad += 1.0 * result.grad

        result._backward = _backward
        return result

    def __mul__(self, other: Union[Value, Number]) -> Value:
        rhs = self._as_value(other)
        result = Value(self.data * rhs.data, (self, rhs), "*")

        def _backward() -> None:
            self.grad += rhs.data * result.grad
            rhs.grad += self.data * result.grad

        result._backward = _backward
        return result

    def __pow__(self, exponent: Number) -> Value:
        if not isinstance(exponent, (int, float)):
            raise TypeError("exponent must be an int or a float")
        result = Value(self.data**exponent, (self,), f"**{exponent}")

        def _backward() -> None:
            self.grad += exponent * (self.data ** (exponent - 1)) * result.grad

        result._backward = _backward
        return result

    # ---- non-linearities ----
    def tanh(self) -> Value:
        x = self.data
        t = (math.exp(2 * x) - 1) / (math.exp(2 * x) + 1)
        result = Value(t, (self,), "tanh")

        def _backward() -> None:
            self.grad += (1 - t**2) * result.grad

        result._backward = _backward
        return result

    def exp(self) -> Value:
        result = Value(math.exp(self.data), (self,), "exp")

        def _backward() -> None:
            self.grad += result.data * result.grad

        result._backward = _backward
        return result

    def relu(self) -> Value:
        result = Value(self.data if self.data > 0 else 0.0, (self,), "ReLU")

        def _backward() -> None:
            self.grad += (result.data > 0) * result.grad

        result._backward = _backward
        return result

    # ---- graph traversal ----
    def _topo(self) -> List[Value]:
        ordering: List[Value] = []
        visited: Set[Value] = set()

        def visit(node: Value) -> None:
            if node in visited:
                return
            visited.add(node)
            for parent in node._prev:
                visit(parent)
            ordering.append(node)

        visit(self)
        return ordering

    def backward(self) -> None:
        self.grad = 1.0
        for node in reversed(self._topo()):
            node._backward()

    # ---- the rest, in terms of the above ----
    def __neg__(self) -> Value:
        return self * -1

    def __sub__(self, other: Union[Value, Number]) -> Value:
        return self + (-other)

    def __truediv__(self, other: Union[Value, Number]) -> Value:
        return self * other**-1

    def __radd__(self, other: Number) -> Value:
        return self + other

    def __rsub__(self, other: Number) -> Value:
        return other + (-self)

    def __rmul__(self, other: Number) -> Value:
        return self * other

    def __rtruediv__(self, other: Number) -> Value:
        return other * self**-1
