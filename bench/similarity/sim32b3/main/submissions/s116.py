"""Scalar reverse-mode autodiff (Lars's version).

Instead of closures that write into .grad directly, every node gets a grad_fn that maps
the gradient arriving at it to the contributions for its inputs. backward() sums those in
a dict and writes the totals at the end, so nothing is half-updated if something raises.
"""
import math


def _as_value(x):
    if isinstance(x, Value):
        return x
    if isinstance(x, (int, float)):
        return Value(x)
    raise TypeError(f"cannot make a Value of {type(x).__name__}")


class Value:
    def __init__(self, data, inputs=(), grad_fn=None, op=""):
        self.data = data
        self.grad = 0
        self.inputs = tuple(inputs)
        self.grad_fn = grad_fn
        self.op = op

    def __add__(self, other):
        other = _as_value(other)
        return Value(self.data + other.data, (self, other), lambda g: (g, g), "+")

    def __mul__(self, other):
        other = _as_value(other)
        a, b = self.data, other.data
        return Value(a * b, (self, other), lambda g: (b * g, a * g), "*")

    def __pow__(self, k):
        if not isinstance(k, (int, float)):
            raise TypeError("exponent must be a number")
        x = self.data
        return Value(x ** k, (self,), lambda g: (k * x ** (k - 1) * g,), f"**{k}")

    def relu(self):
        on = self.data > 0
        return Value(self.data if on else 0, (self,), lambda g: (g if on else 0,), "relu")

    def tanh(self):
        t = math.tanh(self.data)
        return Value(t, (self,), lambda g: ((1 - t * t) * g,), "tanh")

    def __neg__(self):
        return self * -1

    def __sub__(self, other):
        return self + -_as_value(other)

    def __radd__(self, other):
        return self + other

    def __rmul__(self, other):
        return self * other

    def _topological(self):
        order, visited = [], set()

        def go(node):
            visited.add(node)
            for i in node.inputs:
                if i not in visited:
                    go(i)
            order.append(node)

        go(self)
        return order

    def backward(self):
        totals = {self: 1}
        for node in reversed(self._topological()):
            g = totals.get(node, 0)
            if node.grad_fn is None:
                continue
            for i, contribution in zip(node.inputs, node.grad_fn(g)):
                totals[i] = totals.get(i, 0) + contribution
        for node, g in totals.items():
            node.grad += g

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"
