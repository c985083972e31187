"""HW4 engine. I put the maths in plain functions at module level and kept the
class thin: the operators just call the functions below."""

import math


def to_value(x):
    """Numbers become Values; Values are passed through untouched."""
    return x if isinstance(x, Value) else Value(x)


def node(data, inputs, op, rule):
    out = Value(data, inputs, op)
    out._backward = rule(out)
    return out


def add(a, b):
    b = to_value(b)

    def rule(out):
        def go():
            a.grad += out.grad
            b.grad += out.grad
        return go

    return node(a.data + b.data, (a, b), "+", rule)


def mul(a, b):
    b = to_value(b)

    def rule(out):
        def go():
            a.grad += b.data * out.grad
            b.grad += a.data * out.grad
        return go

    return node(a.data * b.data, (a, b), "*", rule)


def power(a, k):
    assert isinstance(k, (int, float)), "only constant powers"

    def rule(out):
        def go():
            a.grad += k * a.data ** (k - 1) * out.grad
        return go

    return node(a.data ** k, (a,), f"**{k}", rule)


def relu(a):
    def rule(out):
        def go():
            a.grad += (out.data > 0) * out.grad
        return go

    return node(0 if a.data < 0 else a.data, (a,), "ReLU", rule)


def tanh(a):
    t = math.tanh(a.data)

    def rule(out):
        def go():
            a.grad += (1 - t ** 2) * out.grad
        return go

    return node(t, (a,), "tanh", rule)


def exp(a):
    def rule(out):
        def go():
            a.grad += out.data * out.grad
        return go

    return node(math.exp(a.data), (a,), "exp", rule)


def log(a):
    def rule(out):
        def go():
            a.grad += out.grad / a.data
        return go

    return node(math.log(a.data), (a,), "log", rule)


def topological(root):
    seq, seen = [], set()
    stack = [(root, False)]
    while stack:
        v, ready = stack.pop()
        if ready:
            seq.append(v)
        elif v not in seen:
            seen.add(v)
            stack.append((v, True))
            for u in v._prev:
                if u not in seen:
                    stack.append((u, False))
    return seq


def backprop(root):
    root.grad = 1
    for v in reversed(topological(root)):
        v._backward()


class Value:
    def __init__(self, data, _children=(), _op=""):
        self.data = data
        self.grad = 0
        self._backward = lambda: None
        self._prev = tuple(dict.fromkeys(_children))
        self._op = _op

    __add__ = add
    __mul__ = mul
    __pow__ = power
    relu = relu
    tanh = tanh
    exp = exp
    log = log
    backward = backprop

    def __radd__(self, other):
        return add(self, other)

    def __rmul__(self, other):
        return mul(self, other)

    def __neg__(self):
        return mul(self, to_value(-1))

    def __sub__(self, other):
        return add(self, -to_value(other))

    def __rsub__(self, other):
        return add(to_value(other), -self)

    def __truediv__(self, other):
        return mul(self, power(to_value(other), -1))

    def __rtruediv__(self, other):
        return mul(to_value(other), power(self, -1))

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"
