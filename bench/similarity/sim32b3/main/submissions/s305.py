# engine.py -- exercise 03 (tanh)
from math import tanh as _tanh


class Value:
    """stores a single scalar value and its gradient"""

    def __init__(self, data, _children=(), _op=''):
        self.data = data
        self.grad = 0
        self._backward = lambda: None
        self._prev = set(_children)
        self._op = _op

    def __add__(self, rhs):
        if not isinstance(rhs, Value):
            rhs = Value(rhs)
        out = Value(self.data + rhs.data, (self, rhs), '+')
        def _backward():
            self.grad += out.grad
            rhs.grad += out.grad
        out._backward = _backward
        return out

    def __radd__(self, lhs):
        return self + lhs

    def __neg__(self):
        return self * -1

    def __sub__(self, rhs):
        return self + (-rhs)

    def __rsub__(self, lhs):
        return lhs + (-self)

    def __mul__(self, rhs):
        if not isinstance(rhs, Value):
            rhs = Value(rhs)
        out = Value(self.data * rhs.data, (self, rhs), '*')
        def _backward():
            self.grad += rhs.data * out.grad
            rhs.grad += self.data * out.grad
        out._backward = _backward
        return out

    def __rmul__(self, lhs):
        return self * lhs

    def __pow__(self, p):
        assert isinstance(p, (int, float)), "only supporting int/float powers for now"
        out = Value(self.data**p, (self,), f'**{p}')
        def _backward():
            self.grad += (p * self.data**(p-1)) * out.grad
        out._backward = _backward
        return out

    def __truediv__(self, rhs):
        return self * rhs**-1

    def __rtruediv__(self, lhs):
        return lhs * self**-1

    def relu(self):
        out = Value(0 if self.data < 0 else self.data, (self,), 'ReLU')
        def _backward():
            self.grad += (out.data > 0) * out.grad
        out._backward = _backward
        return out

    def tanh(self):
        out = Value(_tanh(self.data), (self,), 'tanh')
        def _backward():
            self.grad += (1 - out.data**2) * out.grad
        out._backward = _backward
        return out

    def backward(self):
        topo, visited = [], set()
        def build_topo(v):
            if v not in visited:
                visited.add(v)
                for child in v._prev:
                    build_topo(child)
                topo.append(v)
        build_topo(self)
        self.grad = 1
        for v in reversed(topo):
            v._backward()

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"
