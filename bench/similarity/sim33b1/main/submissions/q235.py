"""Scalar reverse-mode autodiff.

Nodes remember how they were made (an op name); backward looks the rule up as
a method called _d_<op> on the node.
"""

import math


class Value:
    def __init__(self, data, children=(), op="leaf"):
        self.data = data
        self.grad = 0
        self.children = tuple(dict.fromkeys(children))
        self.op = op
        self.power = None

    @classmethod
    def const(cls, x):
        return x if isinstance(x, cls) else cls(x, op="const")

    # ----- forward -----
    def __add__(self, other):
        other = Value.const(other)
        return Value(self.data + other.data, (self, other), "add")

    def __mul__(self, other):
        other = Value.const(other)
        return Value(self.data * other.data, (self, other), "mul")

    def __pow__(self, k):
        assert isinstance(k, (int, float)), "only constant int/float powers are supported"
        node = Value(self.data ** k, (self,), "pow")
        node.power = k
        return node

    def exp(self):
        return Value(math.exp(self.data), (self,), "exp")

    def log(self):
        return Value(math.log(self.data), (self,), "log")

    def tanh(self):
        return Value(math.tanh(self.data), (self,), "tanh")

    def relu(self):
        return Value(0 if self.data < 0 else self.data, (self,), "relu")

    # ----- local rules: one method per op -----
    def _d_leaf(self):
        pass

    _d_const = _d_leaf

    def _d_add(self):
        a, b = (self.children * 2)[:2]
        a.grad += self.grad
        b.grad += self.grad

    def _d_mul(self):
        a, b = (self.children * 2)[:2]
        if a is b:  # x * x
            a.grad += 2 * a.data * self.grad
            return
        a.grad += b.data * self.grad
        b.grad += a.data * self.grad

    def _d_pow(self):
        (x,) = self.children
        slope = self.power * (x.data ** (self.power - 1))
        x.grad += slope * self.grad

    def _d_exp(self):
        (x,) = self.children
        slope = self.data
        x.grad += slope * self.grad

    def _d_log(self):
        (x,) = self.children
        slope = 1.0 / x.data
        x.grad += slope * self.grad

    def _d_tanh(self):
        (x,) = self.children
        x.grad += (1 - self.data ** 2) * self.grad

    def _d_relu(self):
        (x,) = self.children
        x.grad += (self.data > 0) * self.grad

    # ----- derived -----
    def __neg__(self):
        return self * Value(-1.0, op="const")

    def __sub__(self, other):
        return self + (-Value.const(other))

    def __rsub__(self, other):
        return Value.const(other) + (-self)

    def __truediv__(self, other):
        return self * Value.const(other) ** -1

    def __rtruediv__(self, other):
        return Value.const(other) * self ** -1

    def __radd__(self, other):
        return self + other

    def __rmul__(self, other):
        return self * other

    # ----- backprop -----
    def backward(self):
        topo, seen = [], set()
        stack = [(self, False)]
        while stack:
            v, finished = stack.pop()
            if finished:
                topo.append(v)
            elif v not in seen:
                seen.add(v)
                stack.append((v, True))
                stack.extend((c, False) for c in v.children if c not in seen)
        self.grad = 1
        for v in reversed(topo):
            getattr(v, "_d_" + v.op)()

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"
