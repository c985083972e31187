"""Scalar autograd (exercise 05)."""

import math


class Value:

    def __init__(self, data, _children=(), _op=""):
        self.data = data
        self.grad = 0
        self._backward = lambda: None
        self._prev = tuple(dict.fromkeys(_children))  # each input once, in order
        self._op = _op

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"

    def __radd__(self, other):
        return self + other

    def __add__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        y = Value(self.data + other.data, (self, other), "+")

        def _backward():
            self.grad = self.grad + y.grad
            other.grad = other.grad + y.grad

        y._backward = _backward
        return y

    def __rmul__(self, other):
        return self * other

    def __mul__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        y = Value(self.data * other.data, (self, other), "*")

        def _backward():
            self.grad = self.grad + other.data * y.grad
            other.grad = other.grad + self.data * y.grad

        y._backward = _backward
        return y

    def relu(self):
        y = Value(0 if self.data < 0 else self.data, (self,), "ReLU")

        def _backward():
            self.grad = self.grad + (y.data > 0) * y.grad

        y._backward = _backward
        return y

    def backward(self):
        # generators stand in for recursive calls; the list is the call stack
        post = []
        seen = {self}

        def expand(n):
            for p in n._prev:
                if p in seen:
                    continue
                seen.add(p)
                yield p
            post.append(n)

        frames = [expand(self)]
        while frames:
            nxt = next(frames[-1], None)
            if nxt is None:
                frames.pop()
            else:
                frames.append(expand(nxt))
        self.grad = 1
        for n in reversed(post):
            n._backward()
