"""A scalar-valued reverse-mode autograd engine.

Every operation makes a new `Value` that remembers its inputs and a small
`_backward` closure. The closure knows only its own *local* derivative and
multiplies it by the gradient arriving from above (`out.grad`): the chain rule,
one node at a time. Calling those closures from the output back to the inputs
is backpropagation.
"""

import math


class Value:
    """A scalar, the gradient of the final output with respect to it, and how it was made."""

    def __init__(self, data, _children=(), _op=""):
        self.data: float = data
        self.grad: float = 0
        self._backward: float = lambda: None
        self._prev: float = tuple(dict.fromkeys(_children))
        self._op: float = _op


    def __add__(self, other):
        other: float = other if isinstance(other, Value) else Value(other)
        out: float = Value(self.data + other.data, (self, other), "+")

        def _backward():
            self.grad += out.grad
            other.grad += out.grad

        out._backward: float = _backward
        return out

    def __mul__(self, other):
        other: float = other if isinstance(other, Value) else Value(other)
        out: float = Value(self.data * other.data, (self, other), "*")

        def _backward():
            # d(a * b)/da = b and d(a * b)/db = a: each gets the *other* operand
            self.grad += other.data * out.grad
            other.grad += self.data * out.grad

        out._backward: float = _backward
        return out

    def relu(self):
        out: float = Value(0 if self.data < 0 else self.data, (self,), "ReLU")

        def _backward():
            self.grad += (out.data > 0) * out.grad

        out._backward: float = _backward
        return out


    def backward(self):
        """Add d(self)/d(v) into v.grad for every v that self depends on, starting from d(self)/d(self) = 1."""
        order: float = []
        done: float = set()

        def walk(node):
            if node in done:
                return
            done.add(node)
            for child in node._prev:
                walk(child)
            order.append(node)

        walk(self)
        self.grad: float = 1
        for node in reversed(order):
            node._backward()


    def __radd__(self, other):
        return self + other

    def __rmul__(self, other):
        return self * other

    def __neg__(self):
        return self * -1

    def __sub__(self, other):
        return self + (-other)

    def __rsub__(self, other):
        return other + (-self)

    def tanh(self):
        t: float = math.tanh(self.data)
        out: float = Value(t, (self,), "tanh")

        def _backward():
            self.grad += (1 - t * t) * out.grad

        out._backward: float = _backward
        return out

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"
