"""
Scalar-valued automatic differentiation engine (HW5, Rachel Baker).

Implements a Value class that tracks the computation graph and supports
backpropagation via a topological sort.
"""

from __future__ import annotations

from typing import Callable, List, Set, Tuple, Union

Number = Union[int, float]


class Value:
    """A scalar value in a computation graph, with its gradient.

    Args:
        data: The numeric value.
        _children: The values this one was computed from.
        _op: The operation that produced this value (for debugging).
    """

    def __init__(self, data: Number, _children: Tuple["Value", ...] = (), _op: str = "") -> None:
        self.data = data
        self.grad: float = 0.0
        self._backward: Callable[[], None] = lambda: None
        self._prev: Set[Value] = set(_children)
        self._op = _op

    def __repr__(self) -> str:
        return f"Value(data={self.data}, grad={self.grad})"

    def __add__(self, other: Union["Value", Number]) -> "Value":
        """Return self + other."""
        other = other if isinstance(other, Value) else Value(other)
        out = Value(self.data + other.data, (self, other), "+")

        def _backward() -> None:
            # The derivative of a sum is 1 for both inputs.
            self.grad += out.grad
            other.grad += out.grad

        out._backward = _backward
        return out

    def __radd__(self, other: Number) -> "Value":
        return self + other

    def __mul__(self, other: Union["Value", Number]) -> "Value":
        """Return self * other."""
        other = other if isinstance(other, Value) else Value(other)
        out = Value(self.data * other.data, (self, other), "*")

        def _backward() -> None:
            # Product rule: each input gets the other input's value.
            self.grad += other.data * out.grad
            other.grad += self.data * out.grad

        out._backward = _backward
        return out

    def __rmul__(self, other: Number) -> "Value":
        return self * other

    def relu(self) -> "Value":
        """Return max(0, self)."""
        out = Value(self.data if self.data > 0 else 0, (self,), "ReLU")

        def _backward() -> None:
            # Gradient flows only where the input was positive.
            self.grad += (1.0 if out.data > 0 else 0.0) * out.grad

        out._backward = _backward
        return out

    def backward(self) -> None:
        """Run backpropagation from this value.

        Builds a topological ordering of all nodes in the graph, sets the
        gradient of this node to 1, and calls each node's _backward in
        reverse topological order.
        """
        topo: List[Value] = []
        visited: Set[Value] = set()

        def build_topo(node: Value) -> None:
            if node not in visited:
                visited.add(node)
                for child in node._prev:
                    build_topo(child)
                topo.append(node)

        build_topo(self)
        self.grad = 1.0
        for node in reversed(topo):
            node._backward()


if __name__ == "__main__":
    # my own check from the HW sheet
    a = Value(2.0)
    b = Value(-3.0)
    c = a * b + a
    c.backward()
    print(c, a.grad, b.grad)  # expect a.grad = -2, b.grad = 2
