"""A scalar-valued reverse-mode autograd engine.

Every operation makes a new `Value` that remembers its inputs and a small
`_backward` closure. The closure knows only its own *local* derivative and
multiplies it by the gradient arriving from above (`res.grad`): the chain rule,
one node at a time. Calling those closures from the output back to the inputs
is backpropagation.
"""

import math


class Value:
    """A scalar, the gradient of the final output with respect to it, and how it was made."""

    def __init__(self, data, _children=(), _op=""):
        self.data = data
        self.grad = 0  # d(output)/d(self): nothing has flowed back yet
        self._backward = lambda: None  # a leaf passes nothing on
        # The inputs, each once, in the order given. (A set would iterate in
        # memory-address order, so gradients summed along several paths could
        # differ in the last bit from one run to the next.)
        self._prev = tuple(dict.fromkeys(_children))
        self._op = _op  # for printing and drawing graphs

    # -- the basic operations: each knows its own local derivative -------------

    def __add__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        res = Value(self.data + other.data, (self, other), "+")

        def _backward():
            # addition passes the gradient to both sides unchanged
            self.grad += res.grad
            other.grad += res.grad

        res._backward = _backward
        return res

    def __mul__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        res = Value(self.data * other.data, (self, other), "*")

        def _backward():
            # product rule: each side gets the other side's value
            self.grad += other.data * res.grad
            other.grad += self.data * res.grad

        res._backward = _backward
        return res

    def relu(self):
        res = Value(0 if self.data < 0 else self.data, (self,), "ReLU")

        def _backward():
            # gradient only flows where the output was positive
            self.grad += (res.data > 0) * res.grad

        res._backward = _backward
        return res

    def __pow__(self, p):
        if isinstance(p, Value):
            raise TypeError("exponent must be a number")
        res = Value(self.data ** p, (self,), "pow")

        def _backward():
            # d/dx x^p = p x^(p-1)
            self.grad += p * (self.data ** (p - 1)) * res.grad

        res._backward = _backward
        return res

    def __truediv__(self, other):  # self / other
        return self * (other ** -1 if isinstance(other, Value) else Value(other) ** -1)

    def __rtruediv__(self, other):  # other / self
        return (self ** -1) * other

    def graph_size(self):
        """Number of nodes reachable from here."""
        visited = set()
        stack = [self]
        while stack:
            node = stack.pop()
            if node not in visited:
                visited.add(node)
                stack += list(node._prev)
        return len(visited)

    # -- derived operations: their gradients come "for free" -------------------

    def __radd__(self, other):  # other + self
        return self + other

    def __rmul__(self, other):  # other * self
        return self * other

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"
