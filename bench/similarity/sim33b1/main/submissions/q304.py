"""engine.py - my autograd engine."""

import math


def _as_node(x):
    # wrap plain numbers
    if isinstance(x, Value):
        return x
    return Value(x, label="const")


class Value:
    def __init__(self, data, parents=(), op="", label=""):
        self.data = data
        self.grad = 0.0
        self.parents = list(parents)
        self.op = op
        self.label = label
        self._back = None  # backward closure

    # basic ops
    def __add__(self, other):
        other = _as_node(other)
        res = Value(self.data + other.data, [self, other], "add")

        def _back():
            self.grad += res.grad
            other.grad += res.grad

        res._back = _back
        return res

    def __mul__(self, other):
        other = _as_node(other)
        res = Value(self.data * other.data, [self, other], "mul")

        def _back():
            self.grad += other.data * res.grad
            other.grad += self.data * res.grad

        res._back = _back
        return res

    def __pow__(self, p):
        if not isinstance(p, (int, float)):
            raise TypeError("p must be a number")
        res = Value(self.data ** p, [self], "pow")

        def _back():
            self.grad += p * self.data ** (p - 1) * res.grad

        res._back = _back
        return res

    # unary
    def exp(self):
        res = Value(math.exp(self.data), [self], "exp")

        def _back():
            self.grad += res.data * res.grad

        res._back = _back
        return res

    def log(self):
        res = Value(math.log(self.data), [self], "log")

        def _back():
            self.grad += res.grad / self.data

        res._back = _back
        return res

    def tanh(self):
        t = math.tanh(self.data)
        res = Value(t, [self], "tanh")

        def _back():
            self.grad += (1 - t * t) * res.grad

        res._back = _back
        return res

    def relu(self):
        res = Value(self.data if self.data > 0 else 0.0, [self], "relu")

        def _back():
            if self.data > 0:
                self.grad += res.grad

        res._back = _back
        return res

    # derived ops
    def __neg__(self):
        return self * -1

    def __sub__(self, other):
        return self + (-_as_node(other))

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

    # backward pass
    def ordering(self):
        nodes, marked = [], set()

        def dfs(node):
            if id(node) not in marked:
                marked.add(id(node))
                for par in node.parents:
                    dfs(par)
                nodes.append(node)

        dfs(self)
        return nodes

    def backward(self):
        self.grad = 1.0
        for node in reversed(self.ordering()):
            if node._back:
                node._back()

    def __repr__(self):
        return f"Value({self.data:.4f}, grad={self.grad:.4f}, op={self.op or 'leaf'})"
