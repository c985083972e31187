"""Homework 2: automatic differentiation on scalars.

Each node keeps a function that maps the gradient flowing in to a list of
(input, gradient) pairs.
"""
import math


def _val(x):
    if isinstance(x, Value):
        return x
    return Value(x)


class Value:
    def __init__(self, data, parents=(), rule=None):
        self.data = data
        self._prev = parents
        self._fn = rule
        self.grad = 0

    def __repr__(self):
        return f'Value({self.data}, grad={self.grad})'

    def __mul__(self, other):
        other = _val(other)

        def rule(g):
            return [(self, other.data * g), (other, self.data * g)]
        return Value(other.data * self.data, (self, other), rule)

    def __add__(self, other):
        other = _val(other)

        def rule(g):
            return [(self, g), (other, g)]
        return Value(other.data + self.data, (self, other), rule)

    def __rmul__(self, other):
        return self * other

    def __radd__(self, other):
        return self + other

    def __sub__(self, other):
        other = _val(other)

        def rule(g):
            return [(self, g), (other, -g)]
        return Value(self.data - other.data, (self, other), rule)

    def __rsub__(self, other):
        return _val(other) - self

    def __truediv__(self, other):
        other = _val(other)

        def rule(g):
            return [(self, g / other.data), (other, -(self.data * g) / other.data ** 2)]
        return Value(self.data / other.data, (self, other), rule)

    def __rtruediv__(self, other):
        return _val(other) / self

    def exp(self):
        e = math.exp(self.data)
        return Value(e, (self,), lambda g: [(self, e * g)])

    def log(self):
        return Value(math.log(self.data), (self,), lambda g: [(self, g / self.data)])

    def tanh(self):
        t = math.tanh(self.data)
        return Value(t, (self,), lambda g: [(self, (1 - t * t) * g)])

    def relu(self):
        on = self.data > 0
        return Value(max(self.data, 0), (self,), lambda g: [(self, g * on)])

    def backward(self):
        order, seen, stack = [], set(), [(self, False)]
        while stack:
            v, expanded = stack.pop()
            if expanded:
                order.append(v)
            elif v not in seen:
                seen.add(v)
                stack.append((v, True))
                stack.extend((w, False) for w in v._prev)
        self.grad = 1
        for v in reversed(order):
            if v._fn is None:
                continue
            for parent, g in v._fn(v.grad):
                parent.grad += g
