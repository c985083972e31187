"""Autograd engine, homework 4.

Every result is written onto a tape when it is made. Because a result can
only be made after the things it is made from, the tape is already in a
valid order, and the backward pass just reads it from the end.
"""

import math

TAPE = []  # (result, source, slope function) in the order they were made


class Value:
    """A scalar, the gradient of the final output with respect to it, and how it was made."""

    def __init__(self, data, _children=(), _op=""):
        self.data = data
        self.grad = 0
        self._prev = tuple(dict.fromkeys(_children))
        self._op = _op

    def _record(self, data, sources, op, slopes):
        """Make the result node and put one tape entry per source on the tape.
        slopes(x_values, y) gives the derivative with respect to each source."""
        result = Value(data, sources, op)
        TAPE.append((result, tuple(sources), slopes))
        return result

    def __add__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        return self._record(self.data + other.data, (self, other), "+", lambda xs, y: (1, 1))

    def __mul__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        return self._record(self.data * other.data, (self, other), "*", lambda xs, y: (xs[1], xs[0]))

    def relu(self):
        return self._record(0 if self.data < 0 else self.data, (self,), "ReLU", lambda xs, y: ((y > 0),))

    def tanh(self):
        return self._record(math.tanh(self.data), (self,), "tanh", lambda xs, y: (1 - y**2,))

    def _one_input(self, y, dydx, op):
        # the same helper idea as before: one input, derivative from (x, y)
        return self._record(y, (self,), op, lambda xs, out: (dydx(xs[0], out),))

    def __pow__(self, k):
        assert isinstance(k, (int, float)), "only constant int/float powers are supported"
        return self._one_input(self.data ** k, lambda x, y: k * x ** (k - 1), f"**{k}")

    def exp(self):
        return self._one_input(math.exp(self.data), lambda x, y: y, "exp")

    def log(self):
        return self._one_input(math.log(self.data), lambda x, y: 1 / x, "log")

    def backward(self):
        """Walk the tape from the newest entry back to the oldest, but only
        over entries this node actually depends on."""
        needed = {id(self)}
        pending = [self]
        while pending:
            node = pending.pop()
            for parent in node._prev:
                if id(parent) not in needed:
                    needed.add(id(parent))
                    pending.append(parent)
        self.grad = 1
        for result, sources, slopes in reversed(TAPE):
            if id(result) not in needed:
                continue
            local = slopes([s.data for s in sources], result.data)
            for source, d in zip(sources, local):
                source.grad += d * result.grad

    def __neg__(self):
        return self * -1

    def __radd__(self, other):
        return self + other

    def __sub__(self, other):
        return self + (-other)

    def __rsub__(self, other):
        return other + (-self)

    def __rmul__(self, other):
        return self * other

    def __truediv__(self, other):
        return self * other**-1

    def __rtruediv__(self, other):
        return other * self**-1

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"
