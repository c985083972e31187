"""han_source.py with every name it binds renamed to ASCII, as a renaming script would; the API's words it
binds (`data`, the closures' `_backward`) kept: the code is the same."""
import math


def safe_exp(x):
    return math.exp(max(-60.0, min(60.0, x)))


class Value:
    def __init__(self, data, children=(), _op=""):
        self.data = data
        self.grad = 0.0
        self._backward = lambda: None
        self._prev = set(children)
        self._op = _op

    def __add__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        out = Value(self.data + other.data, (self, other), "+")

        def _backward():
            self.grad += out.grad
            other.grad += out.grad

        out._backward = _backward
        return out

    def __mul__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        out = Value(self.data * other.data, (self, other), "*")

        def _backward():
            self.grad += other.data * out.grad
            other.grad += self.data * out.grad

        out._backward = _backward
        return out

    def exp(self):
        e = safe_exp(self.data)
        out = Value(e, (self,), "exp")

        def _backward():
            self.grad += e * out.grad

        out._backward = _backward
        return out

    def tanh(self):
        ep, em = safe_exp(self.data), safe_exp(-self.data)
        t = (ep - em) / (ep + em)
        out = Value(t, (self,), "tanh")

        def _backward():
            slope = 1.0 - t * t
            self.grad += slope * out.grad

        out._backward = _backward
        return out

    def backward(self):
        order, seen, stack = [], set(), [(self, False)]
        while stack:
            node, done = stack.pop()
            if done:
                order.append(node)
                continue
            if node in seen:
                continue
            seen.add(node)
            stack.append((node, True))
            for child in node._prev:
                stack.append((child, False))
        self.grad = 1.0
        for node in order[::-1]:
            node._backward()

    def __radd__(self, other):
        return self + other

    def __rmul__(self, other):
        return self * other


def numeric_grad(fn, at, h=1e-6):
    return (fn(at + h) - fn(at - h)) / (2 * h)
