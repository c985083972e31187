import math
import sys


class Value:
    """scalar + grad"""

    def __init__(self, data, _children=(), _op=''):
        self.data = data
        self.grad = 0
        self._backward = lambda: None
        self._prev = set(_children)
        self._op = _op

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"

    def backward(self):
        sys.setrecursionlimit(max(10**5, sys.getrecursionlimit()))
        topo, visited = [], set()

        def build_topo(v):
            if v in visited:
                return
            visited.add(v)
            for c in v._prev:
                build_topo(c)
            topo.append(v)

        build_topo(self)
        self.grad = 1
        for v in topo[::-1]:
            v._backward()

    def relu(self):
        res = Value(0 if self.data < 0 else self.data, (self,), 'ReLU')

        def _backward():
            self.grad = self.grad + (res.data > 0) * res.grad
        res._backward = _backward
        return res

    def __pow__(self, other):
        assert isinstance(other, (int, float)), "only int/float powers"
        res = Value(self.data ** other, (self,), f'**{other}')

        def _backward():
            self.grad = self.grad + other * self.data ** (other - 1) * res.grad
        res._backward = _backward
        return res

    def __mul__(self, other):
        if not isinstance(other, Value):
            other = Value(other)
        res = Value(self.data * other.data, (self, other), '*')

        def _backward():
            self.grad = self.grad + other.data * res.grad
            other.grad = other.grad + self.data * res.grad
        res._backward = _backward
        return res

    def __add__(self, other):
        if not isinstance(other, Value):
            other = Value(other)
        res = Value(self.data + other.data, (self, other), '+')

        def _backward():
            self.grad = self.grad + res.grad
            other.grad = other.grad + res.grad
        res._backward = _backward
        return res

    def exp(self):
        res = Value(math.exp(self.data), (self,), 'exp')

        def _backward():
            self.grad = self.grad + res.data * res.grad
        res._backward = _backward
        return res

    def __truediv__(self, other):  # self / other
        return self * other ** -1

    def __rtruediv__(self, other):  # other / self
        return other * self ** -1

    def __sub__(self, other):  # self - other
        return self + (-other)

    def __rsub__(self, other):  # other - self
        return other + (-self)

    def __neg__(self):  # -self
        return self * -1

    def __radd__(self, other):  # other + self
        return self + other

    def __rmul__(self, other):  # other * self
        return self * other
