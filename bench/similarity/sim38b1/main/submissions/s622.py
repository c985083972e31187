import math
import sys

sys.setrecursionlimit(10000)

class Value:
    """A number and d(output)/d(number)."""

    def __init__(self, data, _children=(), _op=''):
        self.data = data
        self.grad = 0
        self._backward = lambda: None
        self._prev = set(_children)
        self._op = _op

    def __add__(self, rhs):
        rhs = rhs if isinstance(rhs, Value) else Value(rhs)
        o = Value(self.data + rhs.data, (self, rhs), '+')

        def _backward():
            self.grad += o.grad
            rhs.grad += o.grad
        o._backward = _backward

        return o

    def __mul__(self, rhs):
        rhs = rhs if isinstance(rhs, Value) else Value(rhs)
        o = Value(self.data * rhs.data, (self, rhs), '*')

        def _backward():
            self.grad += rhs.data * o.grad
            rhs.grad += self.data * o.grad
        o._backward = _backward

        return o

    def __pow__(self, rhs):
        assert isinstance(rhs, (int, float)), "only supporting int/float powers for now"
        o = Value(self.data**rhs, (self,), f'**{rhs}')

        def _backward():
            self.grad += (rhs * self.data**(rhs-1)) * o.grad
        o._backward = _backward

        return o

    def relu(self):
        o = Value(0 if self.data < 0 else self.data, (self,), 'ReLU')

        def _backward():
            self.grad += (o.data > 0) * o.grad
        o._backward = _backward

        return o

    def tanh(self):
        t = math.tanh(self.data)
        o = Value(t, (self,), 'tanh')

        def _backward():
            self.grad += (1 - t**2) * o.grad
        o._backward = _backward

        return o

    def exp(self):
        o = Value(math.exp(self.data), (self,), 'exp')

        def _backward():
            self.grad += o.data * o.grad
        o._backward = _backward

        return o

    def log(self):
        o = Value(math.log(self.data), (self,), 'log')

        def _backward():
            self.grad += (1 / self.data) * o.grad
        o._backward = _backward

        return o

    def backward(self):

        nodes = []
        done = set()
        def dfs(n):
            if n not in done:
                done.add(n)
                for c in n._prev:
                    dfs(c)
                nodes.append(n)
        dfs(self)

        self.grad = 1
        for n in reversed(nodes):
            n._backward()

    def __neg__(self):
        return self * -1

    def __radd__(self, rhs):
        return self + rhs

    def __sub__(self, rhs):
        return self + (-rhs)

    def __rsub__(self, rhs):
        return rhs + (-self)

    def __rmul__(self, rhs):
        return self * rhs

    def __truediv__(self, rhs):
        return self * rhs**-1

    def __rtruediv__(self, rhs):
        return rhs * self**-1

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"


Scalar = Value
