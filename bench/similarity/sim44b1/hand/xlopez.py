"""
Reverse-mode autodiff engine for scalars (HW 5 -- Ximena Lopez)
"""

from __future__ import annotations

import math
from typing import Callable, Optional, Union

Number = Union[int, float]


class Value:
    """Scalar node in a computational graph.

    Attributes:
        data: the forward value.
        grad: accumulated gradient d(output)/d(self).
    """

    __slots__ = ("data", "grad", "_parents", "_backward_fn", "_op")

    def __init__(self, data: Number, parents: tuple["Value", ...] = (), op: str = "") -> None:
        self.data = data
        self.grad = 0.0
        self._parents = parents
        self._backward_fn: Optional[Callable[[], None]] = None
        self._op = op

    @classmethod
    def _wrap(cls, other: Union["Value", Number]) -> "Value":
        return other if isinstance(other, Value) else cls(other)

    # --- operations -------------------------------------------------------

    def __add__(self, other: Union["Value", Number]) -> "Value":
        other = self._wrap(other)
        out = Value(self.data + other.data, (self, other), "+")

        def backward_fn() -> None:
            self.grad += out.grad
            other.grad += out.grad

        out._backward_fn = backward_fn
        return out

    def __mul__(self, other: Union["Value", Number]) -> "Value":
        other = self._wrap(other)
        out = Value(self.data * other.data, (self, other), "*")

        def backward_fn() -> None:
            self.grad += other.data * out.grad
            other.grad += self.data * out.grad

        out._backward_fn = backward_fn
        return out

    def relu(self) -> "Value":
        out = Value(max(self.data, 0.0), (self,), "relu")

        def backward_fn() -> None:
            self.grad += out.grad * (1.0 if self.data > 0 else 0.0)

        out._backward_fn = backward_fn
        return out

    def sigmoid(self) -> "Value":
        s = 1.0 / (1.0 + math.exp(-self.data))
        out = Value(s, (self,), "sigmoid")

        def backward_fn() -> None:
            self.grad += s * (1.0 - s) * out.grad

        out._backward_fn = backward_fn
        return out

    __radd__ = __add__
    __rmul__ = __mul__

    # --- autograd ---------------------------------------------------------

    def _topological_order(self) -> list["Value"]:
        order: list[Value] = []
        visited: set[int] = set()
        stack: list[tuple[Value, bool]] = [(self, False)]
        while stack:
            node, expanded = stack.pop()
            if expanded:
                order.append(node)
                continue
            if id(node) in visited:
                continue
            visited.add(id(node))
            stack.append((node, True))
            for parent in node._parents:
                stack.append((parent, False))
        return order

    def zero_grad(self) -> None:
        """Reset the gradient of every node in the graph to zero."""
        for node in self._topological_order():
            node.grad = 0.0

    def backward(self) -> None:
        """Backpropagate from this node."""
        self.grad = 1.0
        for node in reversed(self._topological_order()):
            if node._backward_fn is not None:
                node._backward_fn()

    def __repr__(self) -> str:
        return f"Value(data={self.data}, grad={self.grad})"
