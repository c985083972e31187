"""MATH 2140 lab 2 -- Farida Haidari.

I did not use the starter's grad_fn idea: every node keeps a `back` function
that moves its gradient into its sources, as in the lecture video.
"""
import math


class Value:
    def __init__(self, data, sources=(), tag=""):
        if not isinstance(data, (int, float)):
            raise TypeError(f"Value holds a number, not {type(data).__name__}")
        self.data = data
        self.grad = 0.0
        self.sources = sources
        self.tag = tag
        self.back = None

    def __repr__(self):
        return f"Value({self.data:.5g}, grad={self.grad:.5g}, tag={self.tag!r})"

    @staticmethod
    def _wrap(x):
        return x if isinstance(x, Value) else Value(x)

    # binary operations
    def __add__(self, other):
        other = Value._wrap(other)
        dst = Value(self.data + other.data, (self, other), "+")

        def back():
            self.grad += dst.grad
            other.grad += dst.grad
        dst.back = back
        return dst

    def __mul__(self, other):
        other = Value._wrap(other)
        dst = Value(self.data * other.data, (self, other), "*")

        def back():
            self.grad += other.data * dst.grad
            other.grad += self.data * dst.grad
        dst.back = back
        return dst

    def __pow__(self, k):
        if not isinstance(k, (int, float)):
            raise TypeError("only a constant exponent is supported")
        dst = Value(self.data ** k, (self,), "**")

        def back():
            self.grad += k * self.data ** (k - 1) * dst.grad
        dst.back = back
        return dst

    # unary operations
    def relu(self):
        dst = Value(self.data if self.data > 0 else 0.0, (self,), "relu")

        def back():
            self.grad += (self.data > 0) * dst.grad
        dst.back = back
        return dst

    def tanh(self):
        dst = Value(math.tanh(self.data), (self,), "tanh")

        def back():
            self.grad += (1.0 - dst.data ** 2) * dst.grad
        dst.back = back
        return dst

    def exp(self):
        dst = Value(math.exp(self.data), (self,), "exp")

        def back():
            self.grad += dst.data * dst.grad
        dst.back = back
        return dst

    def log(self):
        if self.data <= 0:
            raise ValueError(f"log of a non-positive number ({self.data})")
        dst = Value(math.log(self.data), (self,), "log")

        def back():
            self.grad += dst.grad / self.data
        dst.back = back
        return dst

    # derived
    def __neg__(self):
        return self * -1

    def __sub__(self, other):
        return self + (-Value._wrap(other))

    def __truediv__(self, other):
        return self * Value._wrap(other) ** -1

    def __radd__(self, other):
        return self + other

    def __rmul__(self, other):
        return self * other

    def __rsub__(self, other):
        return Value._wrap(other) - self

    def __rtruediv__(self, other):
        return Value._wrap(other) / self

    def backward(self):
        order, seen = [], {id(self)}
        stack = [(self, iter(self.sources))]
        while stack:
            node, it = stack[-1]
            nxt = next(it, None)
            if nxt is None:
                stack.pop()
                order.append(node)
            elif id(nxt) not in seen:
                seen.add(id(nxt))
                stack.append((nxt, iter(nxt.sources)))
        self.grad = 1.0
        for node in reversed(order):
            if node.back is not None:
                node.back()
