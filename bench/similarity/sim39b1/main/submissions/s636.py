import math
import sys

sys.setrecursionlimit(100000)

class Value:
    """ stores a single scalar value and its gradient """

    def __init__(self, data, _children=(), kind=""):
        self.data = data
        self.grad = 0
        self._backward = lambda: None
        self.srcs = set(_children)
        self.kind = kind

    def __mul__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        out = Value(self.data * other.data, (self, other), "*")

        def _backward():
            self.grad = self.grad + other.data * out.grad
            other.grad = other.grad + self.data * out.grad
        out._backward = _backward

        return out

    def __add__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        out = Value(self.data + other.data, (self, other), "+")

        def _backward():
            self.grad = self.grad + out.grad
            other.grad = other.grad + out.grad
        out._backward = _backward

        return out

    def relu(self):
        out = Value(0 if self.data < 0 else self.data, (self,), "ReLU")

        def _backward():
            self.grad = self.grad + (out.data > 0) * out.grad
        out._backward = _backward

        return out

    def __pow__(self, other):
        assert isinstance(other, (int, float)), 'only supporting int/float powers for now'
        out = Value(self.data**other, (self,), f"**{other}")

        def _backward():
            self.grad = self.grad + (other * self.data**(other-1)) * out.grad
        out._backward = _backward

        return out

    def log(self):
        out = Value(math.log(self.data), (self,), "log")

        def _backward():
            self.grad = self.grad + (1 / self.data) * out.grad
        out._backward = _backward

        return out

    def exp(self):
        out = Value(math.exp(self.data), (self,), "exp")

        def _backward():
            self.grad = self.grad + out.data * out.grad
        out._backward = _backward

        return out

    def tanh(self):
        t = math.tanh(self.data)
        out = Value(t, (self,), "tanh")

        def _backward():
            self.grad = self.grad + (1 - t**2) * out.grad
        out._backward = _backward

        return out

    def backward(self):

        topo = []
        done = set()
        def build_topo(x):
            if x not in done:
                done.add(x)
                for c in x.srcs:
                    build_topo(c)
                topo.append(x)
        build_topo(self)

        self.grad = 1
        for x in reversed(topo):
            x._backward()

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
        return self * other**-1

    def __rtruediv__(self, other):
        return other * self**-1

    def __repr__(self):
        return f'Value(data={self.data}, grad={self.grad})'
