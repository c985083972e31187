"""Reverse-mode autodiff with a creation counter.

Every Value gets a serial number when it is made. A node is always made
after its inputs, so sorting the nodes reachable from the output by serial
number, largest first, is already a valid order for the backward pass:
no depth-first search needed.
"""
import itertools
import math

_serial = itertools.count()


class Value:
    def __init__(self, data, parents=(), local_grads=(), op=""):
        self.data = data
        self.grad = 0.0
        self.serial = next(_serial)
        # (parent, d self / d parent) pairs, computed in the forward pass
        self.parents = tuple(parents)
        self.local_grads = tuple(local_grads)
        self.op = op

    @staticmethod
    def lift(x):
        return x if isinstance(x, Value) else Value(x)

    def __add__(self, other):
        other = Value.lift(other)
        return Value(self.data + other.data, (self, other), (1.0, 1.0), "+")

    def __mul__(self, other):
        other = Value.lift(other)
        return Value(self.data * other.data, (self, other), (other.data, self.data), "*")

    def __pow__(self, k):
        assert isinstance(k, (int, float))
        return Value(self.data ** k, (self,), (k * self.data ** (k - 1),), "pow")

    def relu(self):
        positive = self.data > 0
        return Value(self.data if positive else 0.0, (self,), (1.0 if positive else 0.0,), "relu")

    def tanh(self):
        y = math.tanh(self.data)
        return Value(y, (self,), (1.0 - y * y,), "tanh")

    def exp(self):
        y = math.exp(self.data)
        return Value(y, (self,), (y,), "exp")

    def log(self):
        return Value(math.log(self.data), (self,), (1.0 / self.data,), "log")

    def backward(self):
        reachable = {}
        frontier = [self]
        while frontier:
            node = frontier.pop()
            if node.serial not in reachable:
                reachable[node.serial] = node
                frontier.extend(node.parents)
        self.grad = 1.0
        for serial in sorted(reachable, reverse=True):
            node = reachable[serial]
            for parent, local in zip(node.parents, node.local_grads):
                parent.grad += local * node.grad

    def __neg__(self):
        return self * -1.0

    def __sub__(self, other):
        return self + (-other)

    def __rsub__(self, other):
        return Value.lift(other) + (-self)

    def __truediv__(self, other):
        return self * Value.lift(other) ** -1

    def __rtruediv__(self, other):
        return Value.lift(other) * self ** -1

    __radd__ = __add__
    __rmul__ = __mul__

    def __repr__(self):
        return f"Value({self.data:.6g}, grad={self.grad:.6g}, #{self.serial})"
