# Assignment 4 engine (Value class)
from math import exp as _exp, log as _log, tanh as _tanh


class Value:
    """ scalar value + gradient """

    def __init__(self, data, _children=(), _op=''):
        self.data = data
        self.grad = 0
        self._backward = lambda: None
        self._prev = set(_children)
        self._op = _op

    def __add__(self, rhs):
        if not isinstance(rhs, Value):
            rhs = Value(rhs)
        y = Value(self.data + rhs.data, (self, rhs), '+')

        def _backward():
            self.grad += y.grad
            rhs.grad += y.grad
        y._backward = _backward
        return y

    def __radd__(self, lhs):  # lhs + self
        return self + lhs

    def __mul__(self, rhs):
        if not isinstance(rhs, Value):
            rhs = Value(rhs)
        y = Value(self.data * rhs.data, (self, rhs), '*')

        def _backward():
            self.grad += rhs.data * y.grad
            rhs.grad += self.data * y.grad
        y._backward = _backward
        return y

    def __rmul__(self, lhs):  # lhs * self
        return self * lhs

    def __neg__(self):  # -self
        return self * -1

    def __sub__(self, rhs):  # self - rhs
        return self + (-rhs)

    def __rsub__(self, lhs):  # lhs - self
        return lhs + (-self)

    def __pow__(self, n):
        assert isinstance(n, (int, float)), "only supporting int/float powers for now"
        y = Value(self.data ** n, (self,), f'**{n}')

        def _backward():
            self.grad += n * self.data ** (n - 1) * y.grad
        y._backward = _backward
        return y

    def __truediv__(self, rhs):  # self / rhs
        return self * rhs ** -1

    def __rtruediv__(self, lhs):  # lhs / self
        return lhs * self ** -1

    def exp(self):
        y = Value(_exp(self.data), (self,), 'exp')

        def _backward():
            self.grad += y.data * y.grad
        y._backward = _backward
        return y

    def log(self):
        y = Value(_log(self.data), (self,), 'log')

        def _backward():
            self.grad += y.grad / self.data
        y._backward = _backward
        return y

    def tanh(self):
        y = Value(_tanh(self.data), (self,), 'tanh')

        def _backward():
            self.grad += (1 - y.data ** 2) * y.grad
        y._backward = _backward
        return y

    def relu(self):
        y = Value(0 if self.data < 0 else self.data, (self,), 'ReLU')

        def _backward():
            self.grad += (y.data > 0) * y.grad
        y._backward = _backward
        return y

    def backward(self):
        # topological order, then chain rule from the output back
        order = []
        seen = set()

        def build_topo(v):
            if v not in seen:
                seen.add(v)
                for child in v._prev:
                    build_topo(child)
                order.append(v)
        build_topo(self)

        self.grad = 1
        for v in reversed(order):
            v._backward()

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"
