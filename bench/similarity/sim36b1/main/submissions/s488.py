# Lab 2 -- Chen Li
# I find it easier to think of each operation as a plain function that takes
# nodes and returns a node, so the class is only a thin wrapper that forwards
# Python's operators to the functions below.

import math


class Value:
    def __init__(self, data, _children=(), _op=""):
        self.data = data
        self.grad = 0.0
        self._backward = lambda: None
        self._prev = set(_children)
        self._op = _op

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"

    def __add__(self, other): return add(self, other)
    def __radd__(self, other): return add(other, self)
    def __mul__(self, other): return mul(self, other)
    def __rmul__(self, other): return mul(other, self)
    def __pow__(self, k): return power(self, k)
    def __neg__(self): return mul(self, -1)
    def __sub__(self, other): return add(self, neg(other))
    def __rsub__(self, other): return add(other, neg(self))
    def __truediv__(self, other): return mul(self, power(lift(other), -1))
    def __rtruediv__(self, other): return mul(other, power(self, -1))
    def relu(self): return relu(self)
    def tanh(self): return tanh(self)
    def exp(self): return exp(self)
    def log(self): return log(self)
    def backward(self): backprop(self)


def lift(x):
    return x if isinstance(x, Value) else Value(x)


def neg(x):
    return mul(x, -1)


def add(a, b):
    a, b = lift(a), lift(b)
    out = Value(a.data + b.data, (a, b), "+")

    def back():
        a.grad += out.grad
        b.grad += out.grad
    out._backward = back
    return out


def mul(a, b):
    a, b = lift(a), lift(b)
    out = Value(a.data * b.data, (a, b), "*")

    def back():
        a.grad += b.data * out.grad
        b.grad += a.data * out.grad
    out._backward = back
    return out


def power(a, k):
    assert isinstance(k, (int, float))
    out = Value(a.data ** k, (a,), "**")

    def back():
        a.grad += k * a.data ** (k - 1) * out.grad
    out._backward = back
    return out


def unary(a, value, slope, op):
    """A one-input node: VALUE is f(a), SLOPE(out_data) is f'(a)."""
    out = Value(value, (a,), op)

    def back():
        a.grad += slope(out.data) * out.grad
    out._backward = back
    return out


def relu(a):
    return unary(a, max(a.data, 0.0), lambda y: 1.0 if y > 0 else 0.0, "relu")


def tanh(a):
    return unary(a, math.tanh(a.data), lambda y: 1.0 - y * y, "tanh")


def exp(a):
    return unary(a, math.exp(a.data), lambda y: y, "exp")


def log(a):
    x = a.data
    return unary(a, math.log(x), lambda y: 1.0 / x, "log")


def topological(root):
    order, seen, stack = [], set(), [(root, False)]
    while stack:
        node, post = stack.pop()
        if post:
            order.append(node)
        elif node not in seen:
            seen.add(node)
            stack.append((node, True))
            stack.extend((c, False) for c in node._prev)
    return order


def backprop(root):
    root.grad = 1.0
    for node in reversed(topological(root)):
        node._backward()
