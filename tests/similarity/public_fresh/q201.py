# Based on micrograd by Andrej Karpathy (https://github.com/karpathy/micrograd).
# MIT License. Copyright (c) 2020 Andrej Karpathy. The above copyright notice and this permission notice shall be
# included in all copies or substantial portions of the Software.
import math


def _wrap(x):
    if isinstance(x, Value):
        return x
    return Value(x)


class Value:
    """A number that remembers how it was computed."""

    def __init__(self, data, _children=(), _op=''):
        self.data = data
        self.grad = 0
        self._backward = lambda: None
        self._prev = set(_children)
        self._op = _op

    def __repr__(self):
        return 'Value(data=%s, grad=%s)' % (self.data, self.grad)

    def backward(self):
        ordering = []
        seen = set()

        def visit(node):
            if node in seen:
                return
            seen.add(node)
            for parent in node._prev:
                visit(parent)
            ordering.append(node)

        visit(self)
        self.grad = 1
        for node in ordering[::-1]:
            node._backward()

    def __add__(self, rhs):
        rhs = _wrap(rhs)
        res = Value(self.data + rhs.data, (self, rhs), '+')

        def _backward():
            self.grad = self.grad + res.grad
            rhs.grad = rhs.grad + res.grad
        res._backward = _backward
        return res

    def __mul__(self, rhs):
        rhs = _wrap(rhs)
        res = Value(self.data * rhs.data, (self, rhs), '*')

        def _backward():
            self.grad = self.grad + rhs.data * res.grad
            rhs.grad = rhs.grad + self.data * res.grad
        res._backward = _backward
        return res

    def __pow__(self, k):
        assert isinstance(k, (int, float)), "only supporting int/float powers for now"
        res = Value(self.data ** k, (self,), '**' + str(k))

        def _backward():
            self.grad = self.grad + (k * self.data ** (k - 1)) * res.grad
        res._backward = _backward
        return res

    def relu(self):
        if self.data < 0:
            y = 0
        else:
            y = self.data
        res = Value(y, (self,), 'ReLU')

        def _backward():
            self.grad = self.grad + (res.data > 0) * res.grad
        res._backward = _backward
        return res

    def tanh(self):
        res = Value(math.tanh(self.data), (self,), 'tanh')

        def _backward():
            self.grad = self.grad + (1 - res.data ** 2) * res.grad
        res._backward = _backward
        return res

    def exp(self):
        res = Value(math.exp(self.data), (self,), 'exp')

        def _backward():
            self.grad = self.grad + res.data * res.grad
        res._backward = _backward
        return res

    def log(self):
        res = Value(math.log(self.data), (self,), 'log')

        def _backward():
            self.grad = self.grad + res.grad / self.data
        res._backward = _backward
        return res

    def __neg__(self):
        return self * -1

    def __sub__(self, rhs):
        return self + (-rhs)

    def __truediv__(self, rhs):
        return self * rhs ** -1

    def __radd__(self, lhs):
        return self + lhs

    def __rsub__(self, lhs):
        return lhs + (-self)

    def __rmul__(self, lhs):
        return self * lhs

    def __rtruediv__(self, lhs):
        return lhs * self ** -1
