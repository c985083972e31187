# Ravi K. -- engine.py for HW4
# I didn't like storing a lambda on every node, so _backward is a normal method that checks _op.
import math


class Value:

    def __init__(self, data, _children=(), _op='', _arg=None):
        self.data = data
        self.grad = 0
        self._prev = _children
        self._op = _op
        self._arg = _arg

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"

    def _backward(self):
        if self._op == '+':
            a, b = self._prev
            a.grad += self.grad
            b.grad += self.grad
        elif self._op == '*':
            a, b = self._prev
            a.grad += b.data * self.grad
            b.grad += a.data * self.grad
        elif self._op == '/':
            a, b = self._prev
            a.grad += self.grad / b.data
            b.grad += -a.data * self.grad / b.data ** 2
        elif self._op == '**':
            a, = self._prev
            n = self._arg
            a.grad += n * a.data ** (n - 1) * self.grad
        elif self._op == 'exp':
            a, = self._prev
            a.grad += self.data * self.grad
        elif self._op == 'log':
            a, = self._prev
            a.grad += self.grad / a.data
        elif self._op == 'tanh':
            a, = self._prev
            a.grad += (1 - self.data * self.data) * self.grad
        elif self._op == 'relu':
            a, = self._prev
            a.grad += self.grad if a.data > 0 else 0

    def __add__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        return Value(self.data + other.data, (self, other), '+')

    def __mul__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        return Value(self.data * other.data, (self, other), '*')

    def __truediv__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        return Value(self.data / other.data, (self, other), '/')

    def __pow__(self, n):
        assert isinstance(n, (int, float))
        return Value(self.data ** n, (self,), '**', n)

    def exp(self):
        return Value(math.exp(self.data), (self,), 'exp')

    def log(self):
        return Value(math.log(self.data), (self,), 'log')

    def tanh(self):
        return Value(math.tanh(self.data), (self,), 'tanh')

    def relu(self):
        return Value(self.data if self.data > 0 else 0, (self,), 'relu')

    def __neg__(self):
        return self * -1

    def __sub__(self, other):
        return self + (-other)

    def __rsub__(self, other):
        return other + (-self)

    def __radd__(self, other):
        return self + other

    def __rmul__(self, other):
        return self * other

    def __rtruediv__(self, other):
        return Value(other) / self

    def backward(self):
        topo = []
        visited = set()

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
