"""Lab 2 submission -- Omar F.

A functional core: nodes are made by `make_node(value, inputs, slopes)`, the
derivative of the node with respect to each input computed up front, and
`backprop(root)` does the reverse sweep with an explicit stack. The Value
class only maps Python's operators onto the core.
"""

import math


def make_node(value, inputs=(), slopes=(), op=""):
    node = Value(value, inputs, op)
    node._slopes = tuple(slopes)
    return node


def wrap(x):
    return x if isinstance(x, Value) else Value(x)


def add(a, b):
    return make_node(a.data + b.data, (a, b), (1.0, 1.0), "+")


def mul(a, b):
    return make_node(a.data * b.data, (a, b), (b.data, a.data), "*")


def unary(a, value, slope, op):
    return make_node(value, (a,), (slope,), op)


def backprop(root):
    order, visited = [], set()
    stack = [(root, False)]
    while stack:
        node, closing = stack.pop()
        if closing:
            order.append(node)
        elif node not in visited:
            visited.add(node)
            stack.append((node, True))
            stack.extend((inp, False) for inp in node._inputs)
    root.grad = 1.0
    for node in reversed(order):
        for inp, slope in zip(node._inputs, node._slopes):
            inp.grad += slope * node.grad


class Value:
    def __init__(self, data, _children=(), _op=""):
        self.data = data
        self.grad = 0.0
        self._inputs = tuple(_children)
        self._prev = set(_children)
        self._slopes = ()
        self._op = _op

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"

    def __add__(self, other):
        return add(self, wrap(other))

    def __mul__(self, other):
        return mul(self, wrap(other))

    def __pow__(self, k):
        return unary(self, self.data ** k, k * self.data ** (k - 1), f"**{k}")

    def relu(self):
        return unary(self, self.data, 1.0, "relu") if self.data > 0 else unary(self, 0.0, 0.0, "relu")

    def tanh(self):
        t = math.tanh(self.data)
        return unary(self, t, 1 - t ** 2, "tanh")

    def exp(self):
        e = math.exp(self.data)
        return unary(self, e, e, "exp")

    def log(self):
        return unary(self, math.log(self.data), 1 / self.data, "log")

    def backward(self):
        backprop(self)

    def __neg__(self):
        return self * -1

    def __radd__(self, other):
        return self + other

    def __sub__(self, other):
        return self + (-other)

    def __rsub__(self, other):
        return other + (-self)

    def __rmul__(self, other):
        return self * other

    def __truediv__(self, other):
        return self * other ** -1

    def __rtruediv__(self, other):
        return other * self ** -1
