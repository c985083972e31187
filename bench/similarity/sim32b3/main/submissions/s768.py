"""Reverse-mode autodiff on scalars.

Each op creates a Value that records where it came from and a closure for its
local derivative; backward() runs those closures output-first.
"""

import math
import sys

sys.setrecursionlimit(20000)


class Value:
    """Scalar with a gradient and a record of how it was produced."""

    def __init__(self, data, _children=(), _op=""):
        self.data = data
        self.grad = 0
        self._backward = lambda: None
        # no duplicates, stable order (sets iterate by address)
        self._prev = tuple(dict.fromkeys(_children))
        self._op = _op

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"

    def __mul__(self, rhs):
        rhs = rhs if isinstance(rhs, Value) else Value(rhs)
        res = Value(self.data * rhs.data, (self, rhs), "*")

        def _backward():
            self.grad = self.grad + rhs.data * res.grad
            rhs.grad = rhs.grad + self.data * res.grad

        res._backward = _backward
        return res

    def __add__(self, rhs):
        rhs = rhs if isinstance(rhs, Value) else Value(rhs)
        res = Value(self.data + rhs.data, (self, rhs), "+")

        def _backward():
            self.grad = self.grad + res.grad
            rhs.grad = rhs.grad + res.grad

        res._backward = _backward
        return res

    def __rmul__(self, lhs):
        return self * lhs

    def __radd__(self, lhs):
        return self + lhs

    def tanh(self):
        v = self.data
        if abs(v) > 19.0:
            th = 1.0 if v > 0 else -1.0
        else:
            ep, em = math.exp(v), math.exp(-v)
            th = (ep - em) / (ep + em)
        res = Value(th, (self,), "tanh")

        def _backward():
            self.grad = self.grad + (1 - th) * (1 + th) * res.grad

        res._backward = _backward
        return res

    def relu(self):
        res = Value(0 if self.data < 0 else self.data, (self,), "ReLU")

        def _backward():
            self.grad = self.grad + (res.data > 0) * res.grad

        res._backward = _backward
        return res

    def graph(self):
        """All nodes under self, each after its inputs (recursive DFS)."""
        out, done = [], set()

        def dfs(n):
            if n in done:
                return
            done.add(n)
            for p in n._prev:
                dfs(p)
            out.append(n)

        dfs(self)
        return out

    def backward(self):
        """Fill in grad for everything self depends on."""
        nodes = self.graph()
        self.grad = 1
        i = len(nodes) - 1
        while i >= 0:
            nodes[i]._backward()
            i -= 1
