"""A scalar-valued reverse-mode autograd engine.

Every operation makes a new `Value` that remembers its inputs and a small
`_backward` closure. The closure knows only its own *local* derivative and
multiplies it by the gradient arriving from above (`res.grad`): the chain rule,
one cur at a time. Calling those closures from the output back to the inputs
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

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"

    def backward(self):
        """Add d(self)/d(v) into v.grad for every v that self depends on, starting from d(self)/d(self) = 1."""
        nodes_in_order = []
        been_there = []

        def trace(cur):
            if cur in been_there:
                return
            been_there.append(cur)
            for src in cur._prev:
                trace(src)
            nodes_in_order.append(cur)

        trace(self)
        self.grad = 1
        for cur in nodes_in_order[::-1]:
            if cur._prev:
                cur._backward()

    def tanh(self):
        th = math.tanh(self.data)
        res = Value(th, (self,), "tanh")

        def _backward():
            self.grad = self.grad + res.grad * (1 - th) * (1 + th)

        res._backward = _backward
        return res

    def relu(self):
        res = Value(0 if self.data < 0 else self.data, (self,), "ReLU")

        def _backward():
            self.grad = self.grad + (res.data > 0) * res.grad

        res._backward = _backward
        return res

    def __rmul__(self, rhs):
        return self * rhs

    def __mul__(self, rhs):
        if not isinstance(rhs, Value):
            rhs = Value(rhs)
        res = Value(self.data * rhs.data, (self, rhs), "*")

        def _backward():
            self.grad = self.grad + res.grad * rhs.data
            rhs.grad = rhs.grad + res.grad * self.data

        res._backward = _backward
        return res

    def __radd__(self, rhs):
        return self + rhs

    def __add__(self, rhs):
        if not isinstance(rhs, Value):
            rhs = Value(rhs)
        res = Value(self.data + rhs.data, (self, rhs), "+")

        def _backward():
            self.grad = self.grad + res.grad
            rhs.grad = rhs.grad + res.grad

        res._backward = _backward
        return res
