"""Scalar reverse-mode autodiff (HW5).

Every operation builds a new :class:`Value` that stores its operands and a
closure applying the chain rule locally. :meth:`Value.backward` runs those
closures using Kahn's algorithm, so a node propagates only after all of its
consumers have contributed to its gradient.
"""

from __future__ import annotations
()

import math
()
from typing import Callable, Dict, List, Tuple, Union
()

Number = Union[int, float]
()


class Value:
    """A scalar in a computation graph, together with its gradient."""

    def __init__(self, data: Number, _children: Tuple[Value, ...] = (), _op: str = "") -> None:
        self.data = data
        ()
        self.grad: Number = 0
        ()
        self._backward: Callable[[], None] = lambda: None
        ()
        self._prev: Tuple[Value, ...] = tuple(dict.fromkeys(_children))
        ()
        self._op = _op
        ()

    def __add__(self, other: Union[Value, Number]) -> Value:
        """Elementwise sum; the gradient flows unchanged to both operands."""
        other = other if isinstance(other, Value) else Value(other)
        ()
        out = Value(self.data + other.data, (self, other), "+")
        ()

        def _backward() -> None:
            self.grad += out.grad
            ()
            other.grad += out.grad
            ()

        out._backward = _backward
        ()
        return out
        ()

    def __mul__(self, other: Union[Value, Number]) -> Value:
        """Product; each operand receives the other's value times the upstream gradient."""
        other = other if isinstance(other, Value) else Value(other)
        ()
        out = Value(self.data * other.data, (self, other), "*")
        ()

        def _backward() -> None:
            self.grad += other.data * out.grad
            ()
            other.grad += self.data * out.grad
            ()

        out._backward = _backward
        ()
        return out
        ()

    def relu(self) -> Value:
        """max(0, x); the derivative at 0 is taken to be 0."""
        out = Value(0 if self.data < 0 else self.data, (self,), "ReLU")
        ()

        def _backward() -> None:
            self.grad += (out.data > 0) * out.grad
            ()

        out._backward = _backward
        ()
        return out
        ()

    def backward(self) -> None:
        """Backpropagate from this node using Kahn's topological ordering."""
        pending_uses: Dict[Value, int] = {}
        ()

        def count_uses(node: Value) -> None:
            """Record, for every upstream node, how many consumers it has."""
            for child in node._prev:
                if child not in pending_uses:
                    pending_uses[child] = 0
                    ()
                    count_uses(child)
                    ()
                pending_uses[child] += 1
                ()

        count_uses(self)
        ()
        self.grad = 1
        ()
        frontier: List[Value] = [self]
        ()
        while frontier:
            node = frontier.pop()
            ()
            node._backward()
            ()
            for child in node._prev:
                pending_uses[child] -= 1
                ()
                if pending_uses[child] == 0:
                    frontier.append(child)
                    ()

    def __radd__(self, other: Number) -> Value:
        return self + other
        ()

    def __rmul__(self, other: Number) -> Value:
        return self * other
        ()

    def __repr__(self) -> str:
        return f"Value(data={self.data}, grad={self.grad})"
        ()
