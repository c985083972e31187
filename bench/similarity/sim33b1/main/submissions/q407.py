"""Scalar autograd engine (reverse mode).

Each operation returns a new Value that stores its operands and a _backward
function; _backward multiplies the local derivative by out.grad.
"""

import math


class Value:
    """Scalar value with a gradient."""

    def __init__(self, data, _children=(), _op=""):
        self.data = data
        self.grad = 0
        self._backward = lambda: None
        self._prev = tuple(dict.fromkeys(_children))
        self._op = _op

    @staticmethod
    def _val(x):
        if isinstance(x, Value):
            return x
        return Value(x)

    def __add__(self, other):
        other = Value._val(other)
        res = Value(self.data + other.data, (self, other), "+")

        def _backward():
            self.grad = self.grad + res.grad
            other.grad = other.grad + res.grad

        res._backward = _backward
        return res

    def __mul__(self, other):
        other = Value._val(other)
        res = Value(self.data * other.data, (self, other), "*")

        def _backward():
            self.grad = self.grad + other.data * res.grad
            other.grad = other.grad + self.data * res.grad

        res._backward = _backward
        return res

    def __truediv__(self, other):
        return self * Value._val(other) ** -1

    def __rtruediv__(self, other):
        # divide other by self
        return self * Value._val(other) ** -1

    def __neg__(self):
        return self * Value(-1.0)

    def __sub__(self, other):
        return self + (-Value._val(other))

    def __rsub__(self, other):
        return Value._val(other) + (-self)

    def __radd__(self, other):
        return self + other

    def __rmul__(self, other):
        return self * other

    def exp(self):
        # e^x, derivative e^x
        e = math.exp(self.data)
        res = Value(e, _children=(self,), _op="exp")

        def _backward():
            self.grad = self.grad + e * res.grad

        res._backward = _backward
        return res

    def log(self):
        # ln x, derivative 1/x
        res = Value(math.log(self.data), _children=(self,), _op="log")

        def _backward():
            self.grad = self.grad + (1.0 / self.data) * res.grad

        res._backward = _backward
        return res

    def __pow__(self, k):
        assert isinstance(k, (int, float)), "only constant int/float powers are supported"
        # derivative k * x^(k-1)
        res = Value(self.data ** k, _children=(self,), _op="pow")

        def _backward():
            self.grad = self.grad + (k * self.data ** (k - 1)) * res.grad

        res._backward = _backward
        return res

    def relu(self):
        res = Value(0 if self.data < 0 else self.data, (self,), "ReLU")

        def _backward():
            self.grad = self.grad + (res.data > 0) * res.grad

        res._backward = _backward
        return res

    def tanh(self):
        t = math.tanh(self.data)
        res = Value(t, (self,), "tanh")

        def _backward():
            self.grad = self.grad + (1 - t ** 2) * res.grad

        res._backward = _backward
        return res

    def backward(self):
        """Backpropagate from self to every node it depends on."""
        topo = []
        visited = set()
        stack = [(self, False)]
        while stack:
            node, ready = stack.pop()
            if ready:
                topo.append(node)
            elif node not in visited:
                visited.add(node)
                stack.append((node, True))
                for ch in node._prev:
                    if ch not in visited:
                        stack.append((ch, False))
        self.grad = 1
        for node in topo[::-1]:
            node._backward()

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"
