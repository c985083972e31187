"""Scalar automatic differentiation engine.

Implements a ``Value`` type supporting arithmetic, common activation
functions, and reverse-mode gradient computation.
"""

import math


class Value:
    """Holds a scalar ``data`` and the gradient ``grad`` of some output with respect to it."""

    def __init__(self, data, _children=(), _op=""):
        self.data = data
        self.grad = 0
        self._backward = lambda: None
        self._prev = set(_children)
        self._op = _op  # label of the producing operation, useful for visualisation

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"

    # ---- binary operations ----------------------------------------------

    def __add__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        result = Value(self.data + other.data, (self, other), "+")

        def _backward():
            self.grad += result.grad
            other.grad += result.grad

        result._backward = _backward
        return result

    def __mul__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        result = Value(self.data * other.data, (self, other), "*")

        def _backward():
            self.grad += other.data * result.grad
            other.grad += self.data * result.grad

        result._backward = _backward
        return result

    def __pow__(self, exponent):
        if not isinstance(exponent, (int, float)):
            raise TypeError("exponent must be an int or float")
        result = Value(self.data ** exponent, (self,), f"**{exponent}")

        def _backward():
            self.grad += exponent * self.data ** (exponent - 1) * result.grad

        result._backward = _backward
        return result

    # ---- unary operations -----------------------------------------------

    def relu(self):
        result = Value(0 if self.data < 0 else self.data, (self,), "ReLU")

        def _backward():
            self.grad += (result.data > 0) * result.grad

        result._backward = _backward
        return result

    def tanh(self):
        t = (math.exp(2 * self.data) - 1) / (math.exp(2 * self.data) + 1)
        result = Value(t, (self,), "tanh")

        def _backward():
            self.grad += (1 - t ** 2) * result.grad

        result._backward = _backward
        return result

    def exp(self):
        result = Value(math.exp(self.data), (self,), "exp")

        def _backward():
            self.grad += result.data * result.grad

        result._backward = _backward
        return result

    def log(self):
        result = Value(math.log(self.data), (self,), "log")

        def _backward():
            self.grad += (1 / self.data) * result.grad

        result._backward = _backward
        return result

    # ---- derived operations ---------------------------------------------

    def __neg__(self):
        return self * -1

    def __sub__(self, other):
        return self + (-other)

    def __truediv__(self, other):
        return self * other ** -1

    def __radd__(self, other):
        return self + other

    def __rsub__(self, other):
        return other + (-self)

    def __rmul__(self, other):
        return self * other

    def __rtruediv__(self, other):
        return other * self ** -1

    # ---- backpropagation ------------------------------------------------

    def backward(self):
        """Compute gradients for all nodes in the graph ending at this value."""
        order = []
        seen = set()

        def visit(node):
            if node not in seen:
                seen.add(node)
                for child in node._prev:
                    visit(child)
                order.append(node)

        visit(self)
        self.grad = 1
        for node in reversed(order):
            node._backward()
