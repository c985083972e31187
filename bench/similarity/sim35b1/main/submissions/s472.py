"""engine.py: the derivative rules live in one place, as plain functions (Chiara Bianchi).

Each rule takes the inputs' data and the output's data and returns the local
derivatives; Value only records the graph and applies the chain rule.
"""
import math


def d_add(x, y, z):
    return 1.0, 1.0


def d_mul(x, y, z):
    return y, x


def d_relu(x, z):
    return (1.0 if z > 0 else 0.0,)


def d_tanh(x, z):
    return (1.0 - z * z,)


def d_exp(x, z):
    return (z,)


def d_log(x, z):
    return (1.0 / x,)


class Value:
    def __init__(self, data, _children=(), _op=""):
        self.data = data
        self.grad = 0
        self._prev = tuple(_children)
        self._op = _op
        self._backward = lambda: None

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"

    def _make(self, data, inputs, op, rule):
        out = Value(data, inputs, op)

        def _backward():
            locals_ = rule(*[i.data for i in inputs], out.data)
            for i, d in zip(inputs, locals_):
                i.grad += d * out.grad

        out._backward = _backward
        return out

    def __add__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        return self._make(self.data + other.data, (self, other), "+", d_add)

    def __mul__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        return self._make(self.data * other.data, (self, other), "*", d_mul)

    def __pow__(self, k):
        return self._make(self.data ** k, (self,), "**", lambda x, z: (k * x ** (k - 1),))

    def relu(self):
        return self._make(max(0.0, self.data), (self,), "relu", d_relu)

    def tanh(self):
        return self._make(math.tanh(self.data), (self,), "tanh", d_tanh)

    def exp(self):
        return self._make(math.exp(self.data), (self,), "exp", d_exp)

    def log(self):
        return self._make(math.log(self.data), (self,), "log", d_log)

    def backward(self):
        topo, seen = [], set()

        def visit(v):
            if v in seen:
                return
            seen.add(v)
            for c in v._prev:
                visit(c)
            topo.append(v)

        visit(self)
        self.grad = 1
        for v in reversed(topo):
            v._backward()

    def __neg__(self):
        return self * -1

    def __radd__(self, other):
        return self + other

    def __sub__(self, other):
        return self + (-other)

    def __rsub__(self, other):
        return other + (-self)

    def __rmul__(self, other):
        return self * other

    def __truediv__(self, other):
        return self * other ** -1

    def __rtruediv__(self, other):
        return other * self ** -1
