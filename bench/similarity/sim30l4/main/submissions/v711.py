"""Autograd engine (HW4). Tunde A.

Value is a dataclass now: fields instead of a hand-written __init__, and backward walks the graph with an explicit
stack so deep graphs don't hit the recursion limit.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Callable, Tuple


def _noop():
    pass


@dataclass(eq=False)
class Value:
    data: float
    children: Tuple["Value", ...] = ()
    op: str = ""
    grad: float = 0.0
    grad_fn: Callable[[], None] = field(default=_noop, repr=False)

    def __post_init__(self):
        self.data = float(self.data)

    # ---- helpers --------------------------------------------------------------
    @classmethod
    def wrap(cls, v):
        if isinstance(v, cls):
            return v
        return cls(v)

    def _make(self, data, kids, op):
        return Value(data, tuple(kids), op)

    # ---- backprop ---------------------------------------------------------------
    def backward(self):
        topo, seen = [], set()
        todo = [(self, False)]
        while todo:
            v, expanded = todo.pop()
            if expanded:
                topo.append(v)
                continue
            if v in seen:
                continue
            seen.add(v)
            todo.append((v, True))
            for c in v.children:
                if c not in seen:
                    todo.append((c, False))
        for v in topo:
            v.grad = 0.0
        self.grad = 1.0
        for v in reversed(topo):
            v.grad_fn()

    # ---- unary ------------------------------------------------------------------
    def relu(self):
        res = self._make(self.data if self.data > 0 else 0.0, [self], "relu")

        def grad_fn():
            if self.data > 0:
                self.grad += res.grad
        res.grad_fn = grad_fn
        return res

    def tanh(self):
        z = math.exp(-2.0 * abs(self.data))
        th = math.copysign((1.0 - z) / (1.0 + z), self.data)
        res = self._make(th, [self], "tanh")

        def grad_fn():
            self.grad += res.grad * (1.0 - th) * (1.0 + th)
        res.grad_fn = grad_fn
        return res

    def log(self):
        if not self.data > 0:
            raise ValueError(f"log({self.data}): input has to be > 0")
        res = self._make(math.log(self.data), [self], "log")

        def grad_fn():
            self.grad += res.grad / self.data
        res.grad_fn = grad_fn
        return res

    def exp(self):
        res = self._make(math.exp(min(self.data, 709.0)), [self], "exp")

        def grad_fn():
            self.grad += res.grad * res.data
        res.grad_fn = grad_fn
        return res

    def __neg__(self):
        return -1.0 * self

    # ---- binary -----------------------------------------------------------------
    def __mul__(self, rhs):
        rhs = Value.wrap(rhs)
        res = self._make(self.data * rhs.data, [self, rhs], "*")

        def grad_fn():
            self.grad += res.grad * rhs.data
            rhs.grad += res.grad * self.data
        res.grad_fn = grad_fn
        return res

    __rmul__ = __mul__

    def __add__(self, rhs):
        rhs = Value.wrap(rhs)
        res = self._make(self.data + rhs.data, [self, rhs], "+")

        def grad_fn():
            self.grad += res.grad
            rhs.grad += res.grad
        res.grad_fn = grad_fn
        return res

    __radd__ = __add__

    def __pow__(self, k):
        if not isinstance(k, (int, float)):
            raise TypeError("exponent should be int/float")
        res = self._make(self.data ** k, [self], "**")

        def grad_fn():
            if k != 0:
                self.grad += res.grad * k * self.data ** (k - 1)
        res.grad_fn = grad_fn
        return res

    def __truediv__(self, rhs):
        return self * Value.wrap(rhs) ** -1

    def __rtruediv__(self, lhs):
        return Value.wrap(lhs) * self ** -1

    def __sub__(self, rhs):
        return self + (-Value.wrap(rhs))

    def __rsub__(self, lhs):
        return Value.wrap(lhs) + (-self)

    def __str__(self):
        return "Value(%.4f, grad=%.4f)" % (self.data, self.grad)
