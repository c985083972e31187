"""Nadia R. - assignment 4.

The maths of each op lives in a function of its own (f(x, y) -> Value); the Value methods just call them.
"""
import math

EPS = 1e-8


def const(x):
    return x if isinstance(x, Value) else Value(x)


def add(x, y):
    out = Value(x.data + y.data, (x, y), 'add')

    def backward():
        x.grad += out.grad
        y.grad += out.grad
    out._backward = backward
    return out


def multiply(x, y):
    out = Value(x.data * y.data, (x, y), 'mul')

    def backward():
        x.grad += y.data * out.grad
        y.grad += x.data * out.grad
    out._backward = backward
    return out


def divide(x, y):
    out = Value(x.data / y.data, (x, y), 'div')

    def backward():
        x.grad += out.grad / y.data
        y.grad -= out.grad * x.data / (y.data ** 2)
    out._backward = backward
    return out


def power(x, k):
    out = Value(x.data ** k, (x,), 'pow')

    def backward():
        x.grad += k * x.data ** (k - 1) * out.grad
    out._backward = backward
    return out


def natural_log(x):
    out = Value(math.log(max(x.data, EPS)), (x,), 'log')

    def backward():
        x.grad += out.grad / max(x.data, EPS)
    out._backward = backward
    return out


def exponential(x):
    out = Value(math.exp(x.data), (x,), 'exp')

    def backward():
        x.grad += out.data * out.grad
    out._backward = backward
    return out


def hyperbolic_tangent(x):
    e = math.exp(2 * x.data)
    out = Value((e - 1) / (e + 1), (x,), 'tanh')

    def backward():
        x.grad += (1 - out.data ** 2) * out.grad
    out._backward = backward
    return out


def rectify(x):
    out = Value(max(0, x.data), (x,), 'relu')

    def backward():
        x.grad += (x.data > 0) * out.grad
    out._backward = backward
    return out


class Value:

    def __init__(self, data, _children=(), _op=''):
        self.data = data
        self.grad = 0.0
        self._backward = lambda: None
        self._prev = set(_children)
        self._op = _op

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"

    def __add__(self, other):
        return add(self, const(other))

    def __radd__(self, other):
        return add(const(other), self)

    def __mul__(self, other):
        return multiply(self, const(other))

    def __rmul__(self, other):
        return multiply(const(other), self)

    def __truediv__(self, other):
        return divide(self, const(other))

    def __rtruediv__(self, other):
        return divide(const(other), self)

    def __neg__(self):
        return multiply(self, const(-1))

    def __sub__(self, other):
        return add(self, -const(other))

    def __rsub__(self, other):
        return add(const(other), -self)

    def __pow__(self, k):
        assert isinstance(k, (int, float)), "constant exponents only"
        return power(self, k)

    def log(self):
        return natural_log(self)

    def exp(self):
        return exponential(self)

    def tanh(self):
        return hyperbolic_tangent(self)

    def relu(self):
        return rectify(self)

    def backward(self):
        topo, visited = [], set()

        def build(v):
            if v not in visited:
                visited.add(v)
                for child in v._prev:
                    build(child)
                topo.append(v)
        build(self)
        self.grad = 1.0
        for v in reversed(topo):
            v._backward()
