"""A scalar-valued reverse-mode autograd engine.

Every operation makes a new `Value` that remembers its inputs and a small
`_backward` closure. The closure knows only its own *local* derivative and
multiplies it by the gradient arriving from above (`out.grad`): the chain rule,
one node at a time. Calling those closures from the output back to the inputs
is backpropagation.
"""

from __future__ import annotations

import math
from typing import Callable, List, Set, Tuple, Union


class Value:
    """A scalar, the gradient of the final output with respect to it, and how it was made."""

    def __init__(self, data: Union[int, float], _children: Tuple[Value, ...] = (), _op: str = "") -> None:
        self.data = data
        self.grad: float = 0  # d(output)/d(self): nothing has flowed back yet
        self._backward: Callable[[], None] = lambda: None  # a leaf passes nothing on
        # The inputs, each once, in the order given.
        self._prev: Tuple[Value, ...] = tuple(dict.fromkeys(_children))
        self._op = _op  # for printing and drawing graphs

    # -- the basic operations: each knows its own local derivative -------------

    def __add__(self, other: Union[Value, int, float]) -> Value:
        other = other if isinstance(other, Value) else Value(other)
        out = Value(self.data + other.data, (self, other), "+")

        def _backward() -> None:
            # d(a + b)/da = 1 and d(a + b)/db = 1: the gradient passes through.
            self.grad += out.grad
            other.grad += out.grad

        out._backward = _backward
        return out

    def __mul__(self, other: Union[Value, int, float]) -> Value:
        other = other if isinstance(other, Value) else Value(other)
        out = Value(self.data * other.data, (self, other), "*")

        def _backward() -> None:
            # d(a * b)/da = b and d(a * b)/db = a: each gets the *other* operand
            self.grad += other.data * out.grad
            other.grad += self.data * out.grad

        out._backward = _backward
        return out

    def relu(self) -> Value:
        out = Value(0 if self.data < 0 else self.data, (self,), "ReLU")

        def _backward() -> None:
            # 1 where the output is positive, else 0 (so relu'(0) = 0)
            self.grad += (out.data > 0) * out.grad

        out._backward = _backward
        return out

    # -- backpropagation -------------------------------------------------------

    def backward(self) -> None:
        """Add d(self)/d(v) into v.grad for every v that self depends on, starting from d(self)/d(self) = 1."""
        # Step 1: build a topological ordering of the graph, so that each node
        # appears after all of the nodes it depends on.
        topo: List[Value] = []
        visited: Set[Value] = set()

        def build_topo(v: Value) -> None:
            if v not in visited:
                visited.add(v)
                for child in v._prev:
                    build_topo(child)
                topo.append(v)

        build_topo(self)

        # Step 2: the gradient of the output with respect to itself is 1.
        self.grad = 1

        # Step 3: apply the chain rule in reverse topological order, so each
        # node's gradient is complete before it is propagated to its inputs.
        for v in reversed(topo):
            v._backward()

    # -- derived operations: their gradients come "for free" -------------------

    def __radd__(self, other: Union[int, float]) -> Value:  # other + self
        return self + other

    def __rmul__(self, other: Union[int, float]) -> Value:  # other * self
        return self * other

    def __repr__(self) -> str:
        return f"Value(data={self.data}, grad={self.grad})"
