"""Scalar autograd engine (reverse mode).

Each operation creates a new Value that keeps its inputs plus a closure which
applies the local derivative times the incoming gradient.
"""

import math


class Value:
    """Scalar + gradient + provenance."""

    def __init__(self, data, _children=(), _op=""):
        self.data = data
        self.grad = 0
        self._backward = lambda: None
        # keep inputs unique but ordered (dict keeps insertion order, a set would not)
        self._prev = tuple(dict.fromkeys(_children))
        self._op = _op

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"

    # ---- derived ops ----

    def __rtruediv__(self, other):  # other / self
        inv = self ** -1
        return inv * other

    def __truediv__(self, other):  # self / other
        inv = other ** -1
        return self * inv

    def __rsub__(self, other):  # other - self
        flipped = -self
        return flipped + other

    def __sub__(self, other):  # self - other
        flipped = -other
        return self + flipped

    def __neg__(self):  # -self
        neg_one = Value(-1)
        return neg_one * self

    def __rmul__(self, other):
        return self * other

    def __radd__(self, other):
        return self + other

    # ---- primitive ops ----

    def __mul__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        result = Value(self.data * other.data, (self, other), "*")

        def _backward():
            self.grad = self.grad + other.data * result.grad
            other.grad = other.grad + self.data * result.grad

        result._backward = _backward
        return result

    def __add__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        result = Value(self.data + other.data, (self, other), "+")

        def _backward():
            # addition routes the gradient unchanged to both sides
            self.grad = self.grad + result.grad
            other.grad = other.grad + result.grad

        result._backward = _backward
        return result

    def log(self):
        result = Value(math.log(self.data), (self,), "log")

        def _backward():
            self.grad = self.grad + result.grad * self.data ** -1

        result._backward = _backward
        return result

    def exp(self):
        result = Value(math.exp(self.data), (self,), "exp")

        def _backward():
            self.grad = self.grad + result.data * result.grad

        result._backward = _backward
        return result

    def tanh(self):
        th = math.tanh(self.data)
        result = Value(th, (self,), "tanh")

        def _backward():
            self.grad = self.grad + (1 - th**2) * result.grad

        result._backward = _backward
        return result

    def relu(self):
        result = Value(0 if self.data < 0 else self.data, (self,), "ReLU")

        def _backward():
            self.grad = self.grad + (result.data > 0) * result.grad

        result._backward = _backward
        return result

    def __pow__(self, n):
        assert isinstance(n, (int, float)), "power must be a constant int/float"
        p = n
        result = Value(self.data ** p, (self,), "**" + str(p))

        def _backward():
            self.grad = self.grad + p * self.data ** (p - 1) * result.grad

        result._backward = _backward
        return result

    # ---- backprop ----

    def backward(self):
        order, seen = [], set()
        todo = [(self, False)]
        while todo:
            v, expanded = todo.pop()
            if expanded:
                order.append(v)
            elif v not in seen:
                seen.add(v)
                todo.append((v, True))
                kids = list(v._prev)
                i = 0
                while i < len(kids):
                    if kids[i] not in seen:
                        todo.append((kids[i], False))
                    i += 1

        self.grad = 1
        i = len(order) - 1
        while i >= 0:
            order[i]._backward()
            i -= 1
