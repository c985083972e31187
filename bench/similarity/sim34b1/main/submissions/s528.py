"""Exercise 02 - my own engine, written from scratch after the lecture.

Instead of one closure per operation I store, for each node, the local
derivative with respect to each parent; one generic rule then pushes
out.grad * local into each parent, always adding.
"""


class Value:
    def __init__(self, data, _children=(), _op="", _local=()):
        self.data = data
        self.grad = 0
        self._prev = _children
        self._op = _op
        self._local = _local
        self._backward = self._push

    def _push(self):
        for parent, local in zip(self._prev, self._local):
            parent.grad += local * self.grad

    def __add__(self, other):
        if not isinstance(other, Value):
            other = Value(other)
        return Value(self.data + other.data, (self, other), "+", (1, 1))

    def __mul__(self, other):
        if not isinstance(other, Value):
            other = Value(other)
        return Value(self.data * other.data, (self, other), "*", (other.data, self.data))

    def relu(self):
        positive = self.data > 0
        return Value(self.data if positive else 0, (self,), "ReLU", (1 if positive else 0,))

    def __radd__(self, other):
        return self + other

    def __rmul__(self, other):
        return self * other

    def __repr__(self):
        return f"Value({self.data}, grad={self.grad})"
