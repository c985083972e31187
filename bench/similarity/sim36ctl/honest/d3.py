# Assignment 1: autodiff engine -- Priya Raman
from __future__ import annotations

import math
from dataclasses import dataclass, field


@dataclass(eq=False)
class Value:
    data: float
    children: list = field(default_factory=list)  # (input node, d output / d input)
    grad: float = 0.0

    def _node(self, data, *pairs):
        return Value(data, [(v, d) for v, d in pairs])

    def _val(self, x):
        return x if isinstance(x, Value) else Value(x)

    def __add__(self, other):
        other = self._val(other)
        return self._node(self.data + other.data, (self, 1.0), (other, 1.0))

    def __mul__(self, other):
        other = self._val(other)
        return self._node(self.data * other.data, (self, other.data), (other, self.data))

    def __pow__(self, e):
        return self._node(self.data ** e, (self, e * self.data ** (e - 1)))

    def relu(self):
        return self._node(max(self.data, 0.0), (self, 1.0 if self.data > 0 else 0.0))

    def tanh(self):
        y = math.tanh(self.data)
        return self._node(y, (self, 1 - y * y))

    def exp(self):
        y = math.exp(self.data)
        return self._node(y, (self, y))

    def log(self):
        return self._node(math.log(self.data), (self, 1 / self.data))

    def __neg__(self):
        return self * -1

    def __radd__(self, other):
        return self + other

    def __rmul__(self, other):
        return self * other

    def __sub__(self, other):
        return self + (-self._val(other))

    def __rsub__(self, other):
        return self._val(other) + (-self)

    def __truediv__(self, other):
        return self * self._val(other) ** -1

    def __rtruediv__(self, other):
        return self._val(other) * self ** -1

    def backward(self):
        # sort the graph so that every node comes after the nodes it was made from
        order, marked = [], set()

        def dfs(v):
            marked.add(v)
            for c, _ in v.children:
                if c not in marked:
                    dfs(c)
            order.append(v)

        dfs(self)
        self.grad = 1.0
        for v in reversed(order):
            for c, d in v.children:
                c.grad += d * v.grad

    def __repr__(self):
        return f"Value({self.data:.4f}, grad={self.grad:.4f})"
