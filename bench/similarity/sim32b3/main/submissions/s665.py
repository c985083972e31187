"""A scalar-valued reverse-mode autograd engine (exercise 03)."""

import math


class Value:
    """One number, its gradient, and its history."""

    def __init__(self, data, _children=(), _op=""):
        self.data = data
        self.grad = 0
        self._backward = lambda: None
        self._prev = tuple(dict.fromkeys(_children))  # ordered, no repeats
        self._op = _op

    def _one_input(self, result, slope, label):
        """New node from self alone; `slope` is d result / d self as a number."""
        node = Value(result, (self,), label)

        def _backward():
            self.grad = self.grad + slope * node.grad

        node._backward = _backward
        return node

    def exp(self):
        ex = math.exp(self.data)
        return self._one_input(ex, ex, "exp")

    def tanh(self):
        y = math.tanh(self.data)
        return self._one_input(y, 1 - y * y, "tanh")

    def relu(self):
        up = self.data > 0
        # slope 1 for positive input, 0 otherwise
        return self._one_input(self.data if up else 0, 1 if up else 0, "ReLU")

    def __add__(self, rhs):
        rhs = rhs if isinstance(rhs, Value) else Value(rhs)
        node = Value(self.data + rhs.data, (self, rhs), "+")

        def _backward():
            self.grad = self.grad + node.grad
            rhs.grad = rhs.grad + node.grad

        node._backward = _backward
        return node

    def __radd__(self, lhs):
        return self + lhs

    def __mul__(self, rhs):
        rhs = rhs if isinstance(rhs, Value) else Value(rhs)
        node = Value(self.data * rhs.data, (self, rhs), "*")

        def _backward():
            self.grad = self.grad + rhs.data * node.grad
            rhs.grad = rhs.grad + self.data * node.grad

        node._backward = _backward
        return node

    def __rmul__(self, lhs):
        return self * lhs

    def backward(self):
        order, seen = [], set()
        pending = [(self, False)]
        while len(pending) > 0:
            n, ready = pending.pop()
            if ready:
                order.append(n)
                continue
            if n in seen:
                continue
            seen.add(n)
            pending.append((n, True))
            for p in n._prev:
                if p not in seen:
                    pending.append((p, False))
        self.grad = 1
        for n in order[::-1]:
            n._backward()

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"
