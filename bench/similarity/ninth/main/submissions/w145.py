"""A scalar-valued reverse-mode autograd engine.

Every operation makes a new `Value` that remembers its inputs and a small
`_backward` closure. The closure knows only its own *local* derivative and
multiplies it by the gradient arriving from above (`output.grad`): the chain rule,
one node at a time. Calling those closures from the output back to the inputs
is backpropagation.
"""

import math


class Value:
    """A scalar, the gradient of the final output with respect to it, and how it was made."""
    def __init__(self, data, _children=(), _op=""):
        self.data = data
        self.grad = 0
        self._backward = lambda: None
        self._prev = tuple(dict.fromkeys(_children))
        self._op = _op

    def __add__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        output = Value(self.data + other.data, (self, other), "+")

        def _backward():
            self.grad = self.grad + output.grad
            other.grad = other.grad + output.grad

        output._backward = _backward
        return output

    def __radd__(self, other):
        return self + other

    def __mul__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        output = Value(self.data * other.data, (self, other), "*")

        def _backward():
            self.grad = self.grad + other.data * output.grad
            other.grad = other.grad + self.data * output.grad

        output._backward = _backward
        return output

    def __rmul__(self, other):
        return self * other

    def tanh(self):
        num = math.exp(2 * self.data) - 1
        den = math.exp(2 * self.data) + 1
        output = Value(num / den, (self,), "tanh")

        def _backward():
            self.grad = self.grad + (1 - output.data ** 2) * output.grad

        output._backward = _backward
        return output

    def relu(self):
        output = Value(0 if self.data < 0 else self.data, (self,), "ReLU")

        def _backward():
            self.grad = self.grad + (output.data > 0) * output.grad

        output._backward = _backward
        return output

    def backward(self):
        """Add d(self)/d(v) into v.grad for every v that self depends on, starting from d(self)/d(self) = 1."""
        from collections import deque

        queue = deque()
        visited = set()

        def walk(v):
            if v not in visited:
                visited.add(v)
                for parent in v._prev:
                    walk(parent)
                queue.appendleft(v)

        walk(self)
        self.grad = 1
        for v in queue:
            v._backward()

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"
