"""Scalar autograd for exercise 03 (tanh)."""

import math


class Value:
    def __init__(self, data, _children=(), _op=""):
        self.data = data
        self.grad = 0
        self._backward = lambda: None
        self._prev = tuple(dict.fromkeys(_children))
        self._op = _op

    def backward(self):
        # post-order with a stack instead of recursion
        order, done, stack = [], set(), [self]
        while stack:
            v = stack[-1]
            pending = [p for p in v._prev if p not in done]
            if pending:
                stack.extend(pending)
            else:
                stack.pop()
                if v not in done:
                    done.add(v)
                    order.append(v)
        self.grad = 1
        for v in order[::-1]:
            v._backward()

    def _make(self, data, parents, grads, op):
        """new node; grads[i] is the derivative with respect to parents[i]"""
        res = Value(data, parents, op)

        def back():
            for p, g in zip(parents, grads):
                p.grad += g * res.grad

        res._backward = back
        return res

    def tanh(self):
        t = math.tanh(self.data)
        return self._make(t, (self,), (1 - t ** 2,), "tanh")

    def relu(self):
        return self._make(self.data if self.data > 0 else 0, (self,), (1 if self.data > 0 else 0,), "ReLU")

    def __add__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        return self._make(self.data + other.data, (self, other), (1, 1), "+")

    def __mul__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        return self._make(self.data * other.data, (self, other), (other.data, self.data), "*")

    __radd__ = __add__
    __rmul__ = __mul__

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"
