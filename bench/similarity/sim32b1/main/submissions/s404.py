"""Reverse-mode autodiff on scalars (exercise 04)."""

import math


class Value:
    """Scalar node: value, gradient, parents."""

    def __init__(self, data, _children=(), _op=""):
        self.data = data
        self.grad = 0
        self._backward = lambda: None
        self._prev = tuple(dict.fromkeys(_children))
        self._op = _op

    def __float__(self):
        return float(self.data)

    def __repr__(self):
        tag = f", op={self._op!r}" if self._op else ""
        return f"Value(data={self.data:.6g}, grad={self.grad:.6g}{tag})"

    def log(self):
        assert self.data > 0, f"log of non-positive input {self.data}"
        res = Value(math.log(self.data), (self,), "log")

        def _backward():
            self.grad = self.grad + res.grad / self.data

        res._backward = _backward
        return res

    def exp(self):
        # cap the input so math.exp cannot overflow
        capped = min(self.data, 700.0)
        res = Value(math.exp(capped), (self,), "exp")

        def _backward():
            self.grad = self.grad + res.data * res.grad

        res._backward = _backward
        return res

    def __mul__(self, rhs):
        rhs = rhs if isinstance(rhs, Value) else Value(rhs)
        res = Value(self.data * rhs.data, (self, rhs), "*")

        def _backward():
            self.grad = self.grad + rhs.data * res.grad
            rhs.grad = rhs.grad + self.data * res.grad

        res._backward = _backward
        return res

    def __add__(self, rhs):
        rhs = rhs if isinstance(rhs, Value) else Value(rhs)
        res = Value(self.data + rhs.data, (self, rhs), "+")

        def _backward():
            self.grad = self.grad + res.grad
            rhs.grad = rhs.grad + res.grad

        res._backward = _backward
        return res

    def tanh(self):
        th = math.tanh(self.data)
        res = Value(th, (self,), "tanh")

        def _backward():
            self.grad = self.grad + (1 - th**2) * res.grad

        res._backward = _backward
        return res

    def relu(self):
        res = Value(0 if self.data < 0 else self.data, (self,), "ReLU")

        def _backward():
            self.grad = self.grad + (res.data > 0) * res.grad

        res._backward = _backward
        return res

    def __pow__(self, p):
        assert isinstance(p, (int, float)), "only int/float exponents"
        res = Value(self.data ** p, (self,), f"**{p}")

        def _backward():
            self.grad = self.grad + p * self.data ** (p - 1) * res.grad

        res._backward = _backward
        return res

    def __rtruediv__(self, rhs):
        return rhs * self ** -1

    def __truediv__(self, rhs):
        return self * rhs ** -1

    def __rsub__(self, rhs):
        return rhs + (-self)

    def __sub__(self, rhs):
        return self + (-rhs)

    def __rmul__(self, rhs):
        return self * rhs

    def __radd__(self, rhs):
        return self + rhs

    def __neg__(self):
        return self * -1

    def backward(self):
        order, seen = [], set()
        work = [(self, False)]
        while work:
            v, done = work.pop()
            if done:
                order.append(v)
            elif v not in seen:
                seen.add(v)
                work.append((v, True))
                work.extend((c, False) for c in v._prev if c not in seen)

        # zero everything first so a second call starts clean
        i = 0
        while i < len(order):
            order[i].grad = 0
            i += 1
        self.grad = 1
        for v in reversed(order):
            v._backward()
