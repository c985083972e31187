"""Scalar autograd engine (HW5).

Provides a ``Value`` class that records the computation graph as operations
are applied and computes gradients with :meth:`Value.backward`.
"""

from __future__ import annotations

import math
from typing import Callable, Optional, Tuple, Union

Number = Union[int, float]


class Value:
    """A scalar node in the computation graph.

    Attributes:
        data: The numeric value of the node.
        grad: The accumulated gradient of the output with respect to this node.
        children: The nodes this node was computed from.
        op: A short label for the operation that produced this node.
    """

    def __init__(self, data: Number, children: Tuple["Value", ...] = (), op: str = "") -> None:
        self.data = data
        self.grad: Number = 0
        self.children = children
        self.op = op
        self.propagate: Optional[Callable[[], None]] = None

    @staticmethod
    def _as_value(x: Union["Value", Number]) -> "Value":
        """Wrap a plain number in a Value."""
        return x if isinstance(x, Value) else Value(x)

    def __add__(self, other: Union["Value", Number]) -> "Value":
        """Return the sum of two values."""
        other = self._as_value(other)
        node = Value(self.data + other.data, (self, other), "+")

        def propagate() -> None:
            self.grad += node.grad
            other.grad += node.grad

        node.propagate = propagate
        return node

    def __radd__(self, other: Number) -> "Value":
        return self + other

    def __mul__(self, other: Union["Value", Number]) -> "Value":
        """Return the product of two values."""
        other = self._as_value(other)
        node = Value(self.data * other.data, (self, other), "*")

        def propagate() -> None:
            self.grad += other.data * node.grad
            other.grad += self.data * node.grad

        node.propagate = propagate
        return node

    def __rmul__(self, other: Number) -> "Value":
        return self * other

    def __neg__(self) -> "Value":
        """Return the negation of this value."""
        return self * -1

    def __sub__(self, other: Union["Value", Number]) -> "Value":
        """Return the difference of two values."""
        return self + (-other)

    def __pow__(self, exponent: Number) -> "Value":
        """Raise this value to a constant power."""
        node = Value(self.data ** exponent, (self,), "pow")

        def propagate() -> None:
            # Power rule.
            self.grad += exponent * self.data ** exponent * node.grad

        node.propagate = propagate
        return node

    def relu(self) -> "Value":
        """Rectified linear unit: max(0, x)."""
        node = Value(self.data * (self.data > 0), (self,), "relu")

        def propagate() -> None:
            self.grad += node.grad * (self.data > 0)

        node.propagate = propagate
        return node

    def tanh(self) -> "Value":
        """Hyperbolic tangent, computed from exp(2x)."""
        exp_2x = math.exp(2 * self.data)
        t = (exp_2x - 1) / (exp_2x + 1)
        node = Value(t, (self,), "tanh")

        def propagate() -> None:
            self.grad += (1 - t ** 2) * node.grad

        node.propagate = propagate
        return node

    def backward(self) -> None:
        """Compute the gradient of this node with respect to every node in its graph."""
        ordered: list[Value] = []
        visited: set[Value] = set()

        def visit(node: Value) -> None:
            if node in visited:
                return
            visited.add(node)
            for child in node.children:
                visit(child)
            ordered.append(node)

        visit(self)
        self.grad = 1
        for node in reversed(ordered):
            if node.propagate:
                node.propagate()

    def __repr__(self) -> str:
        return f"Value({self.data}, grad={self.grad})"
