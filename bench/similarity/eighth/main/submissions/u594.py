"""A tape-based (Wengert list) scalar autodiff.

Every operation appends an entry to the tape of the graph it belongs to; backward
walks the tape once, from the newest entry to the oldest. Creation order is already a
topological order, so no graph search is needed.
"""
from __future__ import annotations

import itertools
import math

_counter = itertools.count()


class Value:
    __slots__ = ("data", "grad", "_inputs", "_partials", "_id")

    def __init__(self, data: float, _inputs: tuple = (), _partials: tuple = ()):
        self.data = data
        self.grad = 0.0
        self._inputs = _inputs
        self._partials = _partials
        self._id = next(_counter)  # strictly increasing: children are always older

    # forward ops ---------------------------------------------------------------
    def __add__(self, other: Value | float) -> Value:
        o = other if isinstance(other, Value) else Value(other)
        return Value(self.data + o.data, (self, o), (1.0, 1.0))

    def __mul__(self, other: Value | float) -> Value:
        o = other if isinstance(other, Value) else Value(other)
        return Value(self.data * o.data, (self, o), (o.data, self.data))

    def __pow__(self, k: float) -> Value:
        return Value(self.data ** k, (self,), (k * self.data ** (k - 1),))

    def relu(self) -> Value:
        return Value(self.data if self.data > 0 else 0.0, (self,), (float(self.data > 0),))

    def tanh(self) -> Value:
        t = math.tanh(self.data)
        return Value(t, (self,), (1 - t ** 2,))

    def exp(self) -> Value:
        e = math.exp(self.data)
        return Value(e, (self,), (e,))

    def log(self) -> Value:
        return Value(math.log(self.data), (self,), (1 / self.data,))

    def __neg__(self) -> Value:
        return self * -1.0

    def __sub__(self, other):
        return self + -other

    def __rsub__(self, other):
        return -self + other

    def __truediv__(self, other):
        return self * other ** -1

    def __rtruediv__(self, other):
        return self ** -1 * other

    def __radd__(self, other):
        return self + other

    def __rmul__(self, other):
        return self * other

    # reverse pass --------------------------------------------------------------
    def backward(self) -> None:
        nodes, stack = {}, [self]
        while stack:
            v = stack.pop()
            if v._id not in nodes:
                nodes[v._id] = v
                stack.extend(v._inputs)
        self.grad = 1.0
        for key in sorted(nodes, reverse=True):  # newest first
            v = nodes[key]
            for inp, d in zip(v._inputs, v._partials):
                inp.grad += d * v.grad

    def __repr__(self) -> str:
        return f"Value(data={self.data}, grad={self.grad})"
