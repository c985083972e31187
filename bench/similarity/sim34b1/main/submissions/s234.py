"""Reverse-mode autodiff for scalars.

Each operation creates a Value that keeps its inputs and a `_backward` function
with the local derivative, scaled by the gradient coming from the output.
"""

from math import exp as _exp, log1p as _log1p


class Value:
    """A number with a gradient and a record of how it was computed."""

    def __init__(self, data, _children=(), _op=""):
        self.data = data
        self.grad = 0
        self._backward = lambda: None
        self._prev = tuple(dict.fromkeys(_children))
        self._op = _op

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"

    def backward(self):
        seq = []
        marked = set()

        def dfs(n):
            if n in marked:
                return
            marked.add(n)
            for k in n._prev:
                dfs(k)
            seq.append(n)

        dfs(self)
        self.grad = 1.0
        i = len(seq)
        while i > 0:
            i -= 1
            seq[i]._backward()

    def softplus(self):
        res = Value(_log1p(_exp(self.data)), (self,), "softplus")

        def _backward():
            self.grad = self.grad + res.grad / (1 + _exp(-self.data))

        res._backward = _backward
        return res

    def tanh(self):
        z = self.data
        th = (_exp(2 * z) - 1) / (_exp(2 * z) + 1)
        res = Value(th, (self,), "tanh")

        def _backward():
            self.grad = self.grad + (1 - th ** 2) * res.grad

        res._backward = _backward
        return res

    def exp(self):
        res = Value(_exp(self.data), (self,), "exp")

        def _backward():
            self.grad = self.grad + res.data * res.grad

        res._backward = _backward
        return res

    def __add__(self, that):
        that = that if isinstance(that, Value) else Value(that)
        res = Value(self.data + that.data, (self, that), "+")

        def _backward():
            self.grad = self.grad + res.grad
            that.grad = that.grad + res.grad

        res._backward = _backward
        return res

    def __radd__(self, that):
        return self + that

    def __mul__(self, that):
        that = that if isinstance(that, Value) else Value(that)
        res = Value(self.data * that.data, (self, that), "*")

        def _backward():
            self.grad = self.grad + that.data * res.grad
            that.grad = that.grad + self.data * res.grad

        res._backward = _backward
        return res

    def __rmul__(self, that):
        return self * that

    def relu(self):
        res = Value(0 if self.data < 0 else self.data, (self,), "ReLU")

        def _backward():
            self.grad = self.grad + (res.data > 0) * res.grad

        res._backward = _backward
        return res
