# engine.py -- Daniel Mensah
"""Value: a number that remembers how it was made, so that backward() can find every gradient."""
from __future__ import annotations

import math
from dataclasses import dataclass


@dataclass(eq=False)
class Value:
    data: float
    inputs: tuple = ()
    op: str = ""
    k: float = 0.0
    grad: float = 0.0

    def __init__(self, data, inputs=(), op="", k=0.0):
        self.data, self.inputs, self.op, self.k, self.grad = data, tuple(inputs), op, k, 0.0

    @staticmethod
    def _v(x):
        return x if isinstance(x, Value) else Value(x)

    def __add__(self, other):
        other = Value._v(other)
        return Value(self.data + other.data, (self, other), "add")

    def __radd__(self, other):
        return Value._v(other) + self

    def __mul__(self, other):
        other = Value._v(other)
        return Value(self.data * other.data, (self, other), "mul")

    def __rmul__(self, other):
        return Value._v(other) * self

    def __pow__(self, k):
        assert isinstance(k, (int, float)), "only numeric exponents are supported"
        return Value(self.data ** k, (self,), "pow", k)

    def relu(self):
        return Value(self.data if self.data > 0 else 0.0, (self,), "relu")

    def tanh(self):
        return Value(math.tanh(self.data), (self,), "tanh")

    def exp(self):
        return Value(math.exp(self.data), (self,), "exp")

    def log(self):
        return Value(math.log(self.data), (self,), "log")

    def _locals(self):
        xs = [v.data for v in self.inputs]
        match self.op:
            case "add":
                return (1.0, 1.0)
            case "mul":
                return (xs[1], xs[0])
            case "pow":
                return (self.k * xs[0] ** (self.k - 1),)
            case "relu":
                return (1.0 if xs[0] > 0 else 0.0,)
            case "tanh":
                return (1 - self.data ** 2,)
            case "exp":
                return (self.data,)
            case "log":
                return (1 / xs[0],)
        return ()

    def __neg__(self):
        return self * -1

    def __sub__(self, other):
        return self + (-1) * other

    def __rsub__(self, other):
        return other + (-1) * self

    def __truediv__(self, other):
        return self * Value._v(other) ** -1

    def __rtruediv__(self, other):
        return other * self ** -1

    def backward(self):
        order, seen, stack = [], set(), [(self, iter(self.inputs))]
        seen.add(id(self))
        while stack:
            v, rest = stack[-1]
            for u in rest:
                if id(u) not in seen:
                    seen.add(id(u))
                    stack.append((u, iter(u.inputs)))
                    break
            else:
                stack.pop()
                order.append(v)
        self.grad = 1.0
        for v in reversed(order):
            for u, d in zip(v.inputs, v._locals()):
                u.grad += d * v.grad

    def __repr__(self):
        return f"<Value {self.data:.4g} | grad {self.grad:.4g}>"
