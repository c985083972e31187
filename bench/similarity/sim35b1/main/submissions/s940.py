# project 1: Value -- Sipho Ndlovu
import math
from functools import singledispatch


class Value:
    """A number in the graph, with the gradient of the output with respect to it."""

    def __init__(self, data, _children=(), _op=""):
        self.data = data
        self.grad = 0
        self._backward = lambda: None
        self._prev = tuple(_children)
        self._op = _op

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"


@singledispatch
def as_value(x):
    raise TypeError(f"cannot use {type(x).__name__} in a Value expression")


@as_value.register
def _(x: Value):
    return x


@as_value.register(int)
@as_value.register(float)
def _(x):
    return Value(x)


def _node(data, parents, tag, grads):
    """A new node whose backward adds grads(out)[i] * out.grad to parents[i]."""
    out = Value(data, parents, tag)

    def _backward():
        for p, g in zip(parents, grads(out)):
            p.grad += g * out.grad

    out._backward = _backward
    return out


def add(a, b):
    a, b = as_value(a), as_value(b)
    return _node(a.data + b.data, (a, b), "+", lambda o: (1.0, 1.0))


def mul(a, b):
    a, b = as_value(a), as_value(b)
    return _node(a.data * b.data, (a, b), "*", lambda o: (b.data, a.data))


def power(a, k):
    return _node(a.data ** k, (a,), f"**{k}", lambda o: (k * a.data ** (k - 1),))


def relu(a):
    return _node(a.data if a.data > 0 else 0.0, (a,), "relu", lambda o: (1.0 if o.data > 0 else 0.0,))


def tanh(a):
    return _node(math.tanh(a.data), (a,), "tanh", lambda o: (1 - o.data * o.data,))


def exp(a):
    return _node(math.exp(a.data), (a,), "exp", lambda o: (o.data,))


def log(a):
    return _node(math.log(a.data), (a,), "log", lambda o: (1.0 / a.data,))


def _postorder(v, seen):
    """Yield the graph under V, inputs first, each node once."""
    if v in seen:
        return
    seen.add(v)
    for p in v._prev:
        yield from _postorder(p, seen)
    yield v


def backward(root):
    order = list(_postorder(root, set()))
    root.grad = 1
    for v in reversed(order):
        v._backward()


def zero_grad(root):
    for v in _postorder(root, set()):
        v.grad = 0


Value.__add__ = add
Value.__radd__ = lambda self, other: add(other, self)
Value.__mul__ = mul
Value.__rmul__ = lambda self, other: mul(other, self)
Value.__pow__ = power
Value.__neg__ = lambda self: mul(self, -1)
Value.__sub__ = lambda self, other: add(self, mul(other, -1))
Value.__rsub__ = lambda self, other: add(mul(self, -1), other)
Value.__truediv__ = lambda self, other: mul(self, power(as_value(other), -1))
Value.__rtruediv__ = lambda self, other: mul(other, power(self, -1))
Value.relu, Value.tanh, Value.exp, Value.log = relu, tanh, exp, log
Value.backward = backward
Value.zero_grad = zero_grad
Value.square = lambda self: mul(self, self)
