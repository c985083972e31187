"""Reverse-mode automatic differentiation on scalars.

A node records which nodes it was computed from and a function that sends its
gradient back to them; running those functions from the result back to the
leaves is backpropagation.
"""

import math


def _gather(v, acc, ids):
    # post-order: everything v depends on, then v
    if id(v) not in ids:
        ids.add(id(v))
        for w in v._inputs:
            _gather(w, acc, ids)
        acc.append(v)
    return acc


class Value:
    """One scalar in the graph."""

    def __init__(self, data, inputs=(), op=""):
        self.data = data
        self.grad = 0
        self._inputs = tuple(dict.fromkeys(inputs))
        self._op = op
        self._pull = lambda: None

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"

    def __radd__(self, that):
        return self + that

    def __rmul__(self, that):
        return self * that

    def backward(self):
        self.grad = 1
        for v in reversed(_gather(self, [], set())):
            v._pull()

    def tanh(self):
        e = math.exp(2.0 * self.data)
        y = 1.0 - 2.0 / (e + 1.0)
        node = Value(y, (self,), "tanh")

        def pull():
            self.grad = self.grad + node.grad * (1.0 - y ** 2)

        node._pull = pull
        return node

    def relu(self):
        node = Value(self.data if self.data > 0 else 0, (self,), "ReLU")

        def pull():
            if node.data > 0:
                self.grad = self.grad + node.grad

        node._pull = pull
        return node

    def __mul__(self, that):
        if not isinstance(that, Value):
            that = Value(that)
        node = Value(self.data * that.data, (self, that), "*")

        def pull():
            g = node.grad
            self.grad = self.grad + g * that.data
            that.grad = that.grad + g * self.data

        node._pull = pull
        return node

    def __add__(self, that):
        if not isinstance(that, Value):
            that = Value(that)
        node = Value(self.data + that.data, (self, that), "+")

        def pull():
            g = node.grad
            self.grad = self.grad + g
            that.grad = that.grad + g

        node._pull = pull
        return node
