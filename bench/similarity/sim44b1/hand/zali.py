"""Reverse-mode automatic differentiation for scalar values.

Each arithmetic operation returns a new ``Value`` that keeps references to its
operands together with a closure computing the local gradient contribution.
Running these closures from the output back to the leaves implements
backpropagation via the chain rule.
"""

import math


class Value:
    """A scalar together with its gradient and the operation that produced it."""

    def __init__(self, data, _children=(), _op=""):
        self.data = data
        self.grad = 0
        self._backward = lambda: None
        self._prev = tuple(dict.fromkeys(_children))
        self._op = _op

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"

    # Arithmetic ------------------------------------------------------------

    def __add__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        result = Value(self.data + other.data, (self, other), "+")

        def _backward():
            self.grad += result.grad
            other.grad += result.grad

        result._backward = _backward
        return result

    __radd__ = __add__

    def __mul__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        result = Value(self.data * other.data, (self, other), "*")

        def _backward():
            self.grad += other.data * result.grad
            other.grad += self.data * result.grad

        result._backward = _backward
        return result

    __rmul__ = __mul__

    def __neg__(self):
        return self * -1

    def __sub__(self, other):
        return self + other * -1

    def __pow__(self, exponent):
        result = Value(self.data ** exponent, (self,), f"**{exponent}")

        def _backward():
            self.grad += exponent * self.data ** (exponent - 1) * result.grad

        result._backward = _backward
        return result

    # Activations -----------------------------------------------------------

    def relu(self):
        result = Value(self.data if self.data > 0 else 0, (self,), "ReLU")

        def _backward():
            self.grad += (result.data > 0) * result.grad

        result._backward = _backward
        return result

    # Backpropagation -------------------------------------------------------

    def backward(self):
        """Propagate gradients from this node to every node it depends on."""
        ordering, seen_nodes = [], []

        def visit(node):
            if node in seen_nodes:
                return
            seen_nodes.append(node)
            for child in node._prev:
                visit(child)
            ordering.append(node)

        visit(self)
        self.grad = 1.0
        for node in ordering[::-1]:
            node._backward()
