"""Reverse-mode autodiff on scalars.

Each op creates a Value that keeps its inputs and a _backward function which
applies the local derivative times the incoming gradient (chain rule).
Running these from the output back to the leaves is backprop.
"""

import math


class Value:
    """A number plus its gradient and the graph that produced it."""

    def __init__(self, data, _children=(), _op=""):
        self.data = data
        self.grad = 0
        self._backward = lambda: None
        # keep inputs unique and ordered (a set would not be deterministic)
        self._prev = tuple(dict.fromkeys(_children))
        self._op = _op

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"

    # ---- primitive ops ----

    def __add__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        node = Value(self.data + other.data, (self, other), "+")

        def _backward():
            self.grad = self.grad + node.grad
            other.grad = other.grad + node.grad

        node._backward = _backward
        return node

    def __mul__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        node = Value(self.data * other.data, (self, other), "*")

        def _backward():
            self.grad = self.grad + other.data * node.grad
            other.grad = other.grad + self.data * node.grad

        node._backward = _backward
        return node

    def exp(self):
        node = Value(math.exp(self.data), (self,), "exp")

        def _backward():
            self.grad = self.grad + node.grad * node.data

        node._backward = _backward
        return node

    def log(self):
        node = Value(math.log(self.data), (self,), "log")

        def _backward():
            self.grad = self.grad + node.grad / self.data

        node._backward = _backward
        return node

    def __pow__(self, e):
        """self ** e for a constant e."""
        assert isinstance(e, (int, float)), "only constant int/float powers are supported"
        node = Value(self.data ** e, (self,), f"**{e}")

        def _backward():
            self.grad = self.grad + node.grad * e * self.data ** (e - 1)

        node._backward = _backward
        return node

    def tanh(self):
        t = math.tanh(self.data)
        node = Value(t, (self,), "tanh")

        def _backward():
            self.grad = self.grad + (1 - t**2) * node.grad

        node._backward = _backward
        return node

    def relu(self):
        node = Value(0 if self.data < 0 else self.data, (self,), "ReLU")

        def _backward():
            self.grad = self.grad + (node.data > 0) * node.grad

        node._backward = _backward
        return node

    def sigmoid(self):
        # logistic function, own backward
        s = 1 / (1 + math.exp(-self.data))
        node = Value(s, (self,), "sigmoid")

        def _backward():
            self.grad = self.grad + node.grad * s * (1 - s)

        node._backward = _backward
        return node

    # ---- derived ops ----

    def __radd__(self, other):
        return self + other

    def __rmul__(self, other):
        return self * other

    def __neg__(self):
        return self.__mul__(-1)

    def __sub__(self, other):
        return self.__add__(-other)

    def __truediv__(self, other):
        return self.__mul__(other ** -1)

    def __rsub__(self, other):
        return self.__neg__().__add__(other)

    def __rtruediv__(self, other):
        return self.__pow__(-1).__mul__(other)

    # ---- backprop ----

    def backward(self):
        # iterative DFS, post-order, so long chains don't overflow the stack
        order, seen = [], set()
        stack = [(self, False)]
        while len(stack) > 0:
            v, expanded = stack.pop()
            if expanded:
                order.append(v)
                continue
            if v in seen:
                continue
            seen.add(v)
            stack.append((v, True))
            for c in v._prev:
                if c not in seen:
                    stack.append((c, False))

        self.grad = 1
        i = len(order) - 1
        while i >= 0:
            order[i]._backward()
            i -= 1
