"""Scalar autograd: a Value per number, a closure per op, backprop in reverse topological order."""

import math


class Value:
    """number + gradient + provenance"""

    def __init__(self, data, _children=(), _op=""):
        self.data = data
        self.grad = 0
        self._backward = lambda: None
        self._prev = tuple(dict.fromkeys(_children))  # unique inputs, in order
        self._op = _op

    def __float__(self):
        return float(self.data)

    def __repr__(self):
        tag = f", op={self._op!r}" if self._op else ""
        return f"Value(data={self.data:.4f}, grad={self.grad:.4f}{tag})"

    def tanh(self):
        y = math.tanh(self.data)
        if not -1.0 <= y <= 1.0:
            raise AssertionError("tanh out of range")
        res = Value(y, (self,), "tanh")

        def _backward():
            self.grad = self.grad + (1 - y ** 2) * res.grad

        res._backward = _backward
        return res

    def relu(self):
        res = Value(self.data if self.data >= 0 else 0, (self,), "ReLU")

        def _backward():
            self.grad = self.grad + (res.data > 0) * res.grad

        res._backward = _backward
        return res

    def __add__(self, rhs):
        if not isinstance(rhs, Value):
            rhs = Value(rhs)
        res = Value(self.data + rhs.data, (self, rhs), "+")

        def _backward():
            self.grad = self.grad + res.grad
            rhs.grad = rhs.grad + res.grad

        res._backward = _backward
        return res

    def __mul__(self, rhs):
        if not isinstance(rhs, Value):
            rhs = Value(rhs)
        res = Value(self.data * rhs.data, (self, rhs), "*")

        def _backward():
            self.grad = self.grad + rhs.data * res.grad
            rhs.grad = rhs.grad + self.data * res.grad

        res._backward = _backward
        return res

    def __radd__(self, lhs):
        return self + lhs

    def __rmul__(self, lhs):
        return self * lhs

    def backward(self):
        ordered, marked = [], set()
        work = [(self, False)]
        while work:
            n, finished = work.pop()
            if finished:
                ordered.append(n)
            elif n not in marked:
                marked.add(n)
                work.append((n, True))
                work.extend((p, False) for p in n._prev if p not in marked)
        # wipe old grads so calling backward twice does not double them
        i = 0
        while i < len(ordered):
            ordered[i].grad = 0
            i += 1
        self.grad = 1
        for n in reversed(ordered):
            n._backward()
