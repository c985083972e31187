"""Sofia Rossi -- lab 2, written from scratch (I started before the starter came out).

Operations are grouped: binary first, then one-input functions, then the
operators that are made from them, then backward().
"""

import math


def _v(x):
    return x if isinstance(x, Value) else Value(x)


class Value:

    def __init__(self, data, _children=(), _op=''):
        self.data = data
        self.grad = 0.0
        self._prev = set(_children)
        self._op = _op
        self._backward = lambda: None

    def __repr__(self):
        return f'Value(data={self.data:.4f}, grad={self.grad:.4f})'

    # --- binary ---------------------------------------------------------

    def __add__(self, other):
        other = _v(other)
        out = Value(self.data + other.data, (self, other), '+')

        def _backward():
            self.grad += out.grad
            other.grad += out.grad
        out._backward = _backward
        return out

    def __mul__(self, other):
        other = _v(other)
        out = Value(self.data * other.data, (self, other), '*')

        def _backward():
            self.grad += other.data * out.grad
            other.grad += self.data * out.grad
        out._backward = _backward
        return out

    def __pow__(self, n):
        assert isinstance(n, (int, float))
        out = Value(self.data ** n, (self,), f'^{n}')

        def _backward():
            self.grad += n * self.data ** (n - 1) * out.grad
        out._backward = _backward
        return out

    # --- one input --------------------------------------------------------

    def relu(self):
        out = Value(self.data if self.data > 0 else 0.0, (self,), 'relu')

        def _backward():
            self.grad += (out.data > 0) * out.grad
        out._backward = _backward
        return out

    def tanh(self):
        t = math.tanh(self.data)
        out = Value(t, (self,), 'tanh')

        def _backward():
            self.grad += (1 - t * t) * out.grad
        out._backward = _backward
        return out

    def exp(self):
        out = Value(math.exp(self.data), (self,), 'exp')

        def _backward():
            self.grad += out.data * out.grad
        out._backward = _backward
        return out

    def log(self):
        out = Value(math.log(self.data), (self,), 'log')

        def _backward():
            self.grad += out.grad / self.data
        out._backward = _backward
        return out

    # --- derived ----------------------------------------------------------

    def __neg__(self):
        return self * -1

    def __sub__(self, other):
        return self + (-_v(other))

    def __truediv__(self, other):
        return self * _v(other) ** -1

    def __radd__(self, other):
        return self + other

    def __rmul__(self, other):
        return self * other

    def __rsub__(self, other):
        return _v(other) - self

    def __rtruediv__(self, other):
        return _v(other) / self

    # --- backprop -----------------------------------------------------------

    def backward(self):
        order, done = [], set()
        stack = [(self, False)]
        while stack:
            v, post = stack.pop()
            if post:
                order.append(v)
            elif v not in done:
                done.add(v)
                stack.append((v, True))
                for c in v._prev:
                    if c not in done:
                        stack.append((c, False))
        self.grad = 1.0
        for v in reversed(order):
            v._backward()
