"""A minimal scalar autograd engine.

This module implements a `Value` class that supports automatic differentiation
for scalar values using reverse-mode autodiff (backpropagation).
"""

from __future__ import annotations

from typing import Callable, Set, Tuple, Union


class Value:
    """Stores a scalar value and its gradient.

    Attributes:
        data: The scalar value.
        grad: The gradient of the final output with respect to this value.
    """

    def __init__(self, data: float, _children: Tuple[Value, ...] = (), _op: str = "") -> None:
        self.data = data
        self.grad = 0.0
        self._backward: Callable[[], None] = lambda: None
        self._prev: Set[Value] = set(_children)
        self._op = _op

    def __add__(self, other: Union[Value, float]) -> Value:
        """Add two values."""
        other = other if isinstance(other, Value) else Value(other)
        out = Value(self.data + other.data, (self, other), "+")

        def _backward() -> None:
            self.grad += out.grad
            other.grad += out.grad

        out._backward = _backward
        return out

    def __mul__(self, other: Union[Value, float]) -> Value:
        """Multiply two values."""
        other = other if isinstance(other, Value) else Value(other)
        out = Value(self.data * other.data, (self, other), "*")

        def _backward() -> None:
            self.grad += other.data * out.grad
            other.grad += self.data * out.grad

        out._backward = _backward
        return out

    def relu(self) -> Value:
        """Apply the ReLU activation function."""
        out = Value(0.0 if self.data < 0 else self.data, (self,), "ReLU")

        def _backward() -> None:
            self.grad += (out.data > 0) * out.grad

        out._backward = _backward
        return out

    def backward(self) -> None:
        """Compute gradients of this value with respect to all its ancestors.

        Performs a topological sort of the computation graph and then
        applies the chain rule in reverse order.
        """
        topo: list[Value] = []
        visited: Set[Value] = set()

        def build_topo(v: Value) -> None:
            if v not in visited:
                visited.add(v)
                for child in v._prev:
                    build_topo(child)
                topo.append(v)

        build_topo(self)

        self.grad = 1.0
        for v in reversed(topo):
            v._backward()

    def __radd__(self, other: Union[Value, float]) -> Value:
        return self + other

    def __rmul__(self, other: Union[Value, float]) -> Value:
        return self * other

    def __repr__(self) -> str:
        return f"Value(data={self.data}, grad={self.grad})"
