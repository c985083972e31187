"""Backprop engine (ex. 5). Nodes are numbered as they are made, so the numbers are already a topological order."""

import itertools
import math

_serial = itertools.count()


class Value:
    def __init__(self, data, inputs=(), tag=""):
        self.data, self.grad = float(data), 0.0
        self.inputs, self.tag, self.slopes = inputs, tag, ()
        self.n = next(_serial)

    def __repr__(self):
        return f"Value(data={self.data:.6g}, grad={self.grad:.6g}, op={self.tag!r})"

    def backward(self):
        # no recursion: everything reachable, newest first (a node is always newer than its inputs)
        reach, todo = {self}, [self]
        while todo:
            for src in todo.pop().inputs:
                if src not in reach:
                    reach.add(src)
                    todo.append(src)
        self.grad = 1.0
        for node in sorted(reach, key=lambda nd: -nd.n):
            for src, slope in zip(node.inputs, node.slopes):
                src.grad += slope * node.grad

    def _node(self, value, inputs, slopes, tag):
        made = Value(value, inputs, tag)
        made.slopes = slopes
        return made

    def relu(self):
        return self._node(max(self.data, 0.0), (self,), (float(self.data > 0),), "relu")

    def log(self):
        if not self.data > 0:
            raise ValueError(f"log needs a positive input, got {self.data}")
        return self._node(math.log(self.data), (self,), (1 / self.data,), "log")

    def exp(self):
        v = math.exp(self.data)
        return self._node(v, (self,), (v,), "exp")

    def tanh(self):
        x = self.data
        # past 20 the formula overflows long before tanh stops being 1.0 to the last bit
        t = 1.0 if x > 20 else -1.0 if x < -20 else (math.exp(2 * x) - 1) / (math.exp(2 * x) + 1)
        return self._node(t, (self,), (1 - t * t,), "tanh")

    def __pow__(self, p):
        if not isinstance(p, (int, float)):
            raise TypeError(f"exponent must be an int or float, got {type(p).__name__}")
        return self._node(self.data ** p, (self,), (p * self.data ** (p - 1),), f"**{p}")

    def __mul__(self, rhs):
        rhs = _lift(rhs)
        return self._node(self.data * rhs.data, (self, rhs), (rhs.data, self.data), "*")

    def __add__(self, rhs):
        rhs = _lift(rhs)
        return self._node(self.data + rhs.data, (self, rhs), (1.0, 1.0), "+")

    __radd__ = __add__
    __rmul__ = __mul__

    def __neg__(self):
        return -1 * self

    def __sub__(self, rhs):
        return self + -1 * _lift(rhs)

    def __rsub__(self, lhs):
        return _lift(lhs) + -1 * self

    def __truediv__(self, rhs):
        return self * _lift(rhs) ** -1

    def __rtruediv__(self, lhs):
        return _lift(lhs) * self ** -1


def _lift(x):
    return x if isinstance(x, Value) else Value(x)
