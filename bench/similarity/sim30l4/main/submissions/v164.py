"""engine.py for assignment 4 - Ruth M."""
import math


def _topological(v, seen, out):
    if v in seen:
        return
    seen.add(v)
    for p in v._prev:
        _topological(p, seen, out)
    out.append(v)


class Value:

    def __init__(self, data, _children=(), _op=''):
        self.data = data
        self.grad = 0.0
        self._backward = lambda: None
        self._prev = tuple(_children)
        self._op = _op

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"

    @staticmethod
    def sum(values):
        total = Value(0.0)
        for v in values:
            total = total + v
        return total

    def __add__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        out = Value(self.data + other.data, (self, other), '+')

        def _backward():
            self.grad += out.grad
            other.grad += out.grad
        out._backward = _backward
        return out

    def __mul__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        out = Value(self.data * other.data, (self, other), '*')

        def _backward():
            self.grad += other.data * out.grad
            other.grad += self.data * out.grad
        out._backward = _backward
        return out

    def __neg__(self):
        out = Value(-self.data, (self,), 'neg')

        def _backward():
            self.grad += -out.grad
        out._backward = _backward
        return out

    def __pow__(self, k):
        if isinstance(k, Value):
            # a ** b = exp(b * log a)
            return (k * self.log()).exp()
        out = Value(self.data ** k, (self,), '**')

        def _backward():
            self.grad += k * self.data ** (k - 1) * out.grad
        out._backward = _backward
        return out

    def exp(self):
        e = math.exp(self.data)
        out = Value(e, (self,), 'exp')

        def _backward():
            self.grad += e * out.grad
        out._backward = _backward
        return out

    def log(self):
        out = Value(math.log(self.data), (self,), 'log')

        def _backward():
            self.grad += 1.0 / self.data * out.grad
        out._backward = _backward
        return out

    def tanh(self):
        a, b = math.exp(self.data), math.exp(-self.data)
        t = (a - b) / (a + b)
        out = Value(t, (self,), 'tanh')

        def _backward():
            self.grad += (1 - t ** 2) * out.grad
        out._backward = _backward
        return out

    def relu(self):
        out = Value(0.0 if self.data < 0 else self.data, (self,), 'relu')

        def _backward():
            self.grad += (self.data > 0) * out.grad
        out._backward = _backward
        return out

    def sqrt(self):
        return self ** 0.5

    def __radd__(self, other):
        return self + other

    def __rmul__(self, other):
        return self * other

    def __sub__(self, other):
        return self + (-other)

    def __rsub__(self, other):
        return other + (-self)

    def __truediv__(self, other):
        return self * other ** -1

    def __rtruediv__(self, other):
        return Value(other) * self ** -1

    def backward(self):
        order = []
        _topological(self, set(), order)
        self.grad = 1.0
        for v in reversed(order):
            v._backward()
