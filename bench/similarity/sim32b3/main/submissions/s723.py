import math


class Value:
    """holds one scalar and its gradient"""

    def __init__(self, data, _children=(), _op=''):
        self.data = data
        self.grad = 0
        self._backward = lambda: None
        self._prev = set(_children)
        self._op = _op

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"

    def backward(self):
        nodes = []
        seen = set()

        def build(n):
            if n not in seen:
                seen.add(n)
                for c in n._prev:
                    build(c)
                nodes.append(n)
        build(self)

        self.grad = 1
        for n in reversed(nodes):
            n._backward()

    def __mul__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        y = Value(self.data * other.data, (self, other), '*')

        def _backward():
            self.grad = self.grad + other.data * y.grad
            other.grad = other.grad + self.data * y.grad
        y._backward = _backward
        return y

    def __add__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        y = Value(self.data + other.data, (self, other), '+')

        def _backward():
            self.grad = self.grad + y.grad
            other.grad = other.grad + y.grad
        y._backward = _backward
        return y

    def __pow__(self, k):
        assert isinstance(k, (int, float)), "int/float powers only"
        y = Value(self.data**k, (self,), f'**{k}')

        def _backward():
            self.grad = self.grad + k * self.data**(k - 1) * y.grad
        y._backward = _backward
        return y

    def tanh(self):
        t = math.tanh(self.data)
        y = Value(t, (self,), 'tanh')

        def _backward():
            self.grad = self.grad + (1 - t * t) * y.grad
        y._backward = _backward
        return y

    def relu(self):
        y = Value(0 if self.data < 0 else self.data, (self,), 'ReLU')

        def _backward():
            self.grad = self.grad + (y.data > 0) * y.grad
        y._backward = _backward
        return y

    def __rmul__(self, other):
        return self * other

    def __radd__(self, other):
        return self + other

    def __neg__(self):
        return self * -1

    def __sub__(self, other):
        return self + (-other)

    def __rsub__(self, other):
        return other + (-self)

    def __truediv__(self, other):
        return self * other**-1

    def __rtruediv__(self, other):
        return other * self**-1
