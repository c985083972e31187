"""Amara's engine for 04: every op a closure, a recursive build of the order."""

import math


def _as_value(x):
    return x if isinstance(x, Value) else Value(x)


class Value:
    def __init__(self, data, children=(), op=""):
        self.data = data
        self.grad = 0.0
        self._backward = lambda: None
        self._prev = tuple(children)
        self._op = op

    def __add__(self, other):
        other = _as_value(other)
        out = Value(self.data + other.data, (self, other), "+")

        def _backward():
            self.grad += out.grad
            other.grad += out.grad
        out._backward = _backward
        return out

    def __mul__(self, other):
        other = _as_value(other)
        out = Value(self.data * other.data, (self, other), "*")

        def _backward():
            self.grad += out.grad * other.data
            other.grad += out.grad * self.data
        out._backward = _backward
        return out

    def __pow__(self, k):
        if not isinstance(k, (int, float)):
            raise TypeError("Amara's Value: power must be a plain number")
        out = Value(self.data ** k, (self,), "pow")

        def _backward():
            self.grad += out.grad * k * self.data ** (k - 1)
        out._backward = _backward
        return out

    def relu(self):
        out = Value(self.data if self.data > 0 else 0.0, (self,), "relu")

        def _backward():
            self.grad += out.grad * (1.0 if out.data > 0 else 0.0)
        out._backward = _backward
        return out

    def tanh(self):
        t = 1 - 2 / (math.exp(2 * self.data) + 1)
        out = Value(t, (self,), "tanh")

        def _backward():
            self.grad += out.grad * (1 - t) * (1 + t)
        out._backward = _backward
        return out

    def exp(self):
        out = Value(math.exp(self.data), (self,), "exp")

        def _backward():
            self.grad += out.grad * out.data
        out._backward = _backward
        return out

    def log(self):
        if self.data <= 0:
            raise ValueError("log needs a positive number, got %r" % self.data)
        out = Value(math.log(self.data), (self,), "log")

        def _backward():
            self.grad += out.grad / self.data
        out._backward = _backward
        return out

    def backward(self):
        order = []
        seen = set()

        def visit(node):
            if node in seen:
                return
            seen.add(node)
            for parent in node._prev:
                visit(parent)
            order.append(node)
        visit(self)
        self.grad = 1.0
        for node in order[::-1]:
            node._backward()

    def __neg__(self):
        return self * -1.0

    def __radd__(self, other):
        return self + other

    def __sub__(self, other):
        return self + (-_as_value(other))

    def __rsub__(self, other):
        return _as_value(other) - self

    def __rmul__(self, other):
        return self * other

    def __truediv__(self, other):
        return self * _as_value(other) ** -1

    def __rtruediv__(self, other):
        return _as_value(other) / self

    def __repr__(self):
        return "<Value %.4f | grad %.4f>" % (self.data, self.grad)
