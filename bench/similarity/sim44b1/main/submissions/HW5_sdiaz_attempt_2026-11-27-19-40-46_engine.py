"""Scalar autograd engine with an iterative backward pass.

Sofia Diaz, HW5. (Written with help from an AI assistant, as the syllabus
allows; I asked for a version without recursion and added exp myself.)
"""

from __future__ import annotations

import math
from typing import Callable, Iterable, List


class Value:
    """A node in the computation graph holding a scalar and its gradient."""

    def __init__(self, data: float, children: Iterable[Value] = (), op: str = "") -> None:
        self.data = data
        self.grad = 0.0
        self._backward: Callable[[], None] = lambda: None
        self._prev = tuple(children)
        self._op = op

    # ------------------------------------------------------------------ ops
    def __add__(self, other: Value | float) -> Value:
        other = other if isinstance(other, Value) else Value(other)
        out = Value(self.data + other.data, (self, other), "+")

        def _backward() -> None:
            self.grad += out.grad
            other.grad += out.grad

        out._backward = _backward
        return out

    def __mul__(self, other: Value | float) -> Value:
        other = other if isinstance(other, Value) else Value(other)
        out = Value(self.data * other.data, (self, other), "*")

        def _backward() -> None:
            self.grad += other.data * out.grad
            other.grad += self.data * out.grad

        out._backward = _backward
        return out

    def relu(self) -> Value:
        out = Value(max(0.0, self.data), (self,), "relu")

        def _backward() -> None:
            self.grad += (out.data > 0) * out.grad

        out._backward = _backward
        return out

    def tanh(self) -> Value:
        t = math.tanh(self.data)
        out = Value(t, (self,), "tanh")

        def _backward() -> None:
            self.grad += (1 - t ** 2) * out.grad

        out._backward = _backward
        return out

    def exp(self) -> Value:
        out = Value(math.exp(self.data), (self,), "exp")

        def _backward() -> None:
            self.grad += out.data * out.grad

        out._backward = _backward
        return out

    def __radd__(self, other: float) -> Value:
        return self + other

    def __rmul__(self, other: float) -> Value:
        return self * other

    # ------------------------------------------------------------- autograd
    def _topological_order(self) -> List[Value]:
        """Return all nodes reachable from self, inputs before outputs.

        Uses an explicit stack instead of recursion so that very deep graphs
        do not exceed Python's recursion limit.
        """
        order: List[Value] = []
        visited: set[Value] = set()
        stack: list[tuple[Value, bool]] = [(self, False)]
        while stack:
            node, processed = stack.pop()
            if processed:
                order.append(node)
                continue
            if node in visited:
                continue
            visited.add(node)
            stack.append((node, True))
            for child in node._prev:
                if child not in visited:
                    stack.append((child, False))
        return order

    def backward(self) -> None:
        """Backpropagate gradients from this node through the whole graph."""
        self.grad = 1.0
        for node in reversed(self._topological_order()):
            node._backward()

    def __repr__(self) -> str:
        return f"Value(data={self.data:.4f}, grad={self.grad:.4f})"
