import math
import sys
sys.setrecursionlimit(10000)

class Value:
    """ stores a single scalar value and its gradient """

    def __repr__(self):
        return f'Value(data={self.data}, grad={self.grad})'

    def __rtruediv__(self, other):
        return other * self ** (-1)

    def __truediv__(self, other):
        return self * other ** (-1)

    def __rmul__(self, other):
        return self * other

    def __rsub__(self, other):
        return other + -self

    def __sub__(self, other):
        return self + -other

    def __radd__(self, other):
        return self + other

    def __neg__(self):
        return self * -1

    def backward(self):
        nodes = []
        seen = set()

        def visit(v):
            if v not in seen:
                seen.add(v)
                for child in v._prev:
                    visit(child)
                nodes.append(v)
        visit(self)
        self.grad = 1
        for v in reversed(nodes):
            v._backward()

    def log(self):
        result = Value(math.log(self.data), (self,), 'log')

        def _backward():
            self.grad += result.grad / self.data
        result._backward = _backward
        return result

    def exp(self):
        result = Value(math.exp(self.data), (self,), 'exp')

        def _backward():
            self.grad += result.data * result.grad
        result._backward = _backward
        return result

    def tanh(self):
        t = math.tanh(self.data)
        result = Value(t, (self,), 'tanh')

        def _backward():
            self.grad += (1 - t ** 2) * result.grad
        result._backward = _backward
        return result

    def relu(self):
        result = Value(0 if self.data < 0 else self.data, (self,), 'ReLU')

        def _backward():
            self.grad += (result.data > 0) * result.grad
        result._backward = _backward
        return result

    def __pow__(self, other):
        assert isinstance(other, (int, float)), 'only supporting int/float powers for now'
        result = Value(self.data ** other, (self,), f'**{other}')

        def _backward():
            self.grad += other * self.data ** (other - 1) * result.grad
        result._backward = _backward
        return result

    def __mul__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        result = Value(self.data * other.data, (self, other), '*')

        def _backward():
            self.grad += other.data * result.grad
            other.grad += self.data * result.grad
        result._backward = _backward
        return result

    def __add__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        result = Value(self.data + other.data, (self, other), '+')

        def _backward():
            self.grad += result.grad
            other.grad += result.grad
        result._backward = _backward
        return result

    def __init__(self, data, _children=(), _op=''):
        self.data = data
        self.grad = 0
        self._backward = lambda: None
        self._prev = set(_children)
        self._op = _op
