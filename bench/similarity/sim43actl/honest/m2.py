"""Tomasz Wrona -- engine for homework 2.

Every node keeps a list of edges (parent, local derivative), computed when the
node is made, so backward only has to multiply and add. The order comes from an
iterative depth-first search with an explicit stack.
"""
import math


def _as_node(x):
    return x if isinstance(x, Value) else Value(x)


class Value:
    def __init__(self, data, edges=None):
        self.data = data
        self.grad = 0.0
        self.edges = edges or []

    def __repr__(self):
        return f"<Value {self.data:g} grad={self.grad:g}>"

    # binary operations
    def __add__(self, other):
        other = _as_node(other)
        return Value(self.data + other.data, [(self, 1.0), (other, 1.0)])

    def __mul__(self, other):
        other = _as_node(other)
        return Value(self.data * other.data, [(self, other.data), (other, self.data)])

    def __pow__(self, k):
        if not isinstance(k, (int, float)):
            raise TypeError("exponent must be a number")
        return Value(self.data ** k, [(self, k * self.data ** (k - 1))])

    # unary operations
    def relu(self):
        positive = self.data > 0
        return Value(self.data if positive else 0.0, [(self, 1.0 if positive else 0.0)])

    def tanh(self):
        t = math.tanh(self.data)
        return Value(t, [(self, 1.0 - t * t)])

    def exp(self):
        e = math.exp(self.data)
        return Value(e, [(self, e)])

    def log(self):
        if self.data <= 0:
            raise ValueError("log of a non-positive number")
        return Value(math.log(self.data), [(self, 1.0 / self.data)])

    def sigmoid(self):
        s = 1 / (1 + math.exp(-self.data))
        return Value(s, [(self, s * (1 - s))])

    def softplus(self):
        return Value(math.log1p(math.exp(self.data)), [(self, 1 / (1 + math.exp(-self.data)))])

    # derived
    def __neg__(self):
        return self * -1.0

    def __sub__(self, other):
        return self + _as_node(other) * -1.0

    def __truediv__(self, other):
        return self * _as_node(other) ** -1

    def __radd__(self, other):
        return _as_node(other) + self

    def __rmul__(self, other):
        return _as_node(other) * self

    def __rsub__(self, other):
        return _as_node(other) - self

    def __rtruediv__(self, other):
        return _as_node(other) / self

    def backward(self):
        order, seen = [], set()
        stack = [(self, False)]
        while stack:
            node, expanded = stack.pop()
            if expanded:
                order.append(node)
                continue
            if id(node) in seen:
                continue
            seen.add(id(node))
            stack.append((node, True))
            for parent, _ in node.edges:
                if id(parent) not in seen:
                    stack.append((parent, False))
        self.grad = 1.0
        for node in reversed(order):
            for parent, local in node.edges:
                parent.grad += local * node.grad


if __name__ == "__main__":
    a = Value(0.5)
    out = a.sigmoid() * a.softplus()
    out.backward()
    h = 1e-5
    g = lambda v: math.log1p(math.exp(v)) / (1 + math.exp(-v))
    print("analytic", a.grad, "numeric", (g(0.5 + h) - g(0.5 - h)) / (2 * h))
