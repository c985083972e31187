"""Tiny autograd engine (Taeyang Kim, HW5)."""

from __future__ import annotations

import math
from typing import Callable, List, Sequence, Union

Scalar = Union[int, float]


class Value:
    """Wraps a scalar and records how it was computed so gradients can flow back."""

    def __init__(self, data: Scalar, _children: Sequence["Value"] = (), _op: str = "") -> None:
        self.data = data
        self.grad: float = 0
        self._backward: Callable[[], None] = lambda: None
        self._prev: tuple[Value, ...] = tuple(dict.fromkeys(_children))
        self._op = _op

    @staticmethod
    def _to_value(x: Union["Value", Scalar]) -> "Value":
        """Convert a plain number to a Value (leave Values unchanged)."""
        return x if isinstance(x, Value) else Value(x)

    def __add__(self, other: Union["Value", Scalar]) -> "Value":
        other = self._to_value(other)
        out = Value(self.data + other.data, (self, other), "+")

        def _backward() -> None:
            self.grad += out.grad
            other.grad += out.grad

        out._backward = _backward
        return out

    def __mul__(self, other: Union["Value", Scalar]) -> "Value":
        other = self._to_value(other)
        out = Value(self.data * other.data, (self, other), "*")

        def _backward() -> None:
            self.grad += other.data * out.grad
            other.grad += self.data * out.grad

        out._backward = _backward
        return out

    def relu(self) -> "Value":
        out = Value(self.data if self.data > 0 else 0, (self,), "ReLU")

        def _backward() -> None:
            self.grad += (out.data > 0) * out.grad

        out._backward = _backward
        return out

    def tanh(self) -> "Value":
        t = math.tanh(self.data)
        out = Value(t, (self,), "tanh")

        def _backward() -> None:
            self.grad += (1.0 - t * t) * out.grad

        out._backward = _backward
        return out

    def __radd__(self, other: Scalar) -> "Value":
        return self + other

    def __rmul__(self, other: Scalar) -> "Value":
        return self * other

    def backward(self) -> None:
        """Compute gradients for every node in the graph using reverse-mode autodiff.

        An iterative depth-first search builds the topological order, avoiding
        recursion-depth issues on long chains.
        """
        topo: List[Value] = []
        visited: set[int] = set()
        stack: List[tuple[Value, bool]] = [(self, False)]

        while stack:
            node, children_done = stack.pop()
            if children_done:
                topo.append(node)
            elif id(node) not in visited:
                visited.add(id(node))
                stack.append((node, True))
                for child in node._prev:
                    stack.append((child, False))

        self.grad = 1
        for node in reversed(topo):
            node._backward()

    def __repr__(self) -> str:
        return f"Value(data={self.data}, grad={self.grad})"
