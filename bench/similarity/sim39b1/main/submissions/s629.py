import math
import sys

sys.setrecursionlimit(100000)

class Value:
    """ stores a single scalar value and its gradient """

    def __init__(self, data, _children=(), _op=""):
        self.data = data
        self.grad = 0
        self._backward = lambda: None
        self._prev = set(_children)
        self._op = _op

    def log(self):
        r = Value(math.log(self.data), (self,), "log")

        def _backward():
            self.grad = self.grad + (1 / self.data) * r.grad
        r._backward = _backward

        return r

    def exp(self):
        r = Value(math.exp(self.data), (self,), "exp")

        def _backward():
            self.grad = self.grad + r.data * r.grad
        r._backward = _backward

        return r

    def tanh(self):
        th = math.tanh(self.data)
        r = Value(th, (self,), "tanh")

        def _backward():
            self.grad = self.grad + (1 - th**2) * r.grad
        r._backward = _backward

        return r

    def relu(self):
        r = Value(0 if self.data < 0 else self.data, (self,), "ReLU")

        def _backward():
            self.grad = self.grad + (r.data > 0) * r.grad
        r._backward = _backward

        return r

    def __pow__(self, o):
        assert isinstance(o, (int, float)), 'only supporting int/float powers for now'
        r = Value(self.data**o, (self,), f"**{o}")

        def _backward():
            self.grad = self.grad + (o * self.data**(o-1)) * r.grad
        r._backward = _backward

        return r

    def __mul__(self, o):
        o = o if isinstance(o, Value) else Value(o)
        r = Value(self.data * o.data, (self, o), "*")

        def _backward():
            self.grad = self.grad + o.data * r.grad
            o.grad = o.grad + self.data * r.grad
        r._backward = _backward

        return r

    def __add__(self, o):
        o = o if isinstance(o, Value) else Value(o)
        r = Value(self.data + o.data, (self, o), "+")

        def _backward():
            self.grad = self.grad + r.grad
            o.grad = o.grad + r.grad
        r._backward = _backward

        return r

    def backward(self):

        ordering = []
        visited = set()
        def visit(v):
            if v not in visited:
                visited.add(v)
                for child in v._prev:
                    visit(child)
                ordering.append(v)
        visit(self)

        self.grad = 1
        for v in reversed(ordering):
            v._backward()

    def __neg__(self):
        return self * -1

    def __radd__(self, o):
        return self + o

    def __sub__(self, o):
        return self + (-o)

    def __rsub__(self, o):
        return o + (-self)

    def __rmul__(self, o):
        return self * o

    def __truediv__(self, o):
        return self * o**-1

    def __rtruediv__(self, o):
        return o * self**-1

    def __repr__(self):
        return f'Value(data={self.data}, grad={self.grad})'
