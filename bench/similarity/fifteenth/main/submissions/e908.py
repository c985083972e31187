"""Scalar autograd, written from scratch (Nika, for 03-tanh).

Each node keeps `_edges`: a tuple of (input node, local derivative).
backward() walks the graph once, post-order, with a stack of iterators.
"""

import math


class Value:
    __slots__ = ("data", "grad", "_edges", "_op")

    def __init__(self, data, edges=(), op=""):
        self.data = data
        self.grad = 0.0
        self._edges = tuple(edges)
        self._op = op

    @classmethod
    def of(cls, x):
        return x if isinstance(x, cls) else cls(x)

    # forward ops: the local derivative is known right here
    def __add__(self, other):
        other = Value.of(other)
        return Value(self.data + other.data, ((self, 1.0), (other, 1.0)), "+")

    def __mul__(self, other):
        other = Value.of(other)
        return Value(self.data * other.data, ((self, other.data), (other, self.data)), "*")

    def __radd__(self, other):
        return Value.of(other) + self

    def __rmul__(self, other):
        return Value.of(other) * self

    def relu(self):
        positive = self.data > 0
        return Value(self.data if positive else 0, ((self, 1.0 if positive else 0.0),), "relu")

    def tanh(self):
        t = math.tanh(self.data)
        return Value(t, ((self, 1.0 - t * t),), "tanh")

    def exp(self):
        e = math.exp(self.data)
        return Value(e, ((self, e),), "exp")

    def _postorder(self):
        order, done = [], set()
        stack = [(self, iter(self._edges))]
        done.add(id(self))
        while stack:
            node, edges = stack[-1]
            for child, _ in edges:
                if id(child) not in done:
                    done.add(id(child))
                    stack.append((child, iter(child._edges)))
                    break
            else:
                stack.pop()
                order.append(node)
        return order

    def backward(self):
        self.grad = 1.0
        for node in reversed(self._postorder()):
            for child, local in node._edges:
                child.grad += local * node.grad

    def __repr__(self):
        return f"Value({self.data:.6g}, grad={self.grad:.6g})"
