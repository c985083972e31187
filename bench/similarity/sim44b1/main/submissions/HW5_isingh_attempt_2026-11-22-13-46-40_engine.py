"""Autodiff engine for scalars, HW5 (Ishaan Singh).

Design: every node stores its incoming edges as (source, local_derivative)
pairs computed during the forward pass, plus its depth in the graph (one more
than the deepest input). Backpropagation visits nodes from the deepest to the
shallowest, so a node is always finished before its inputs are visited.
"""

import math
from collections import namedtuple
from operator import attrgetter

Edge = namedtuple("Edge", ["source", "local_derivative"])


def _as_value(x):
    return x if isinstance(x, Value) else Value(x)


def _collect(root):
    """Every node reachable from root, each exactly once (keyed by identity)."""
    found = {}
    frontier = [root]
    while frontier:
        node = frontier.pop()
        if id(node) in found:
            continue
        found[id(node)] = node
        frontier += [edge.source for edge in node.edges]
    return list(found.values())


class Value:
    def __init__(self, data, edges=(), op=""):
        self.data = data
        self.grad = 0
        self.edges = [Edge(*e) for e in edges]
        self.op = op
        self.depth = 1 + max((e.source.depth for e in self.edges), default=-1)

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad}, op='{self.op}')"

    def __add__(self, other):
        other = _as_value(other)
        return Value(self.data + other.data, [(self, 1), (other, 1)], "+")

    def __radd__(self, other):
        return self + other

    def __mul__(self, other):
        other = _as_value(other)
        return Value(self.data * other.data, [(self, other.data), (other, self.data)], "*")

    def __rmul__(self, other):
        return self * other

    def exp(self):
        value = math.exp(self.data)
        return Value(value, [(self, value)], "exp")

    def relu(self):
        active = self.data > 0
        return Value(self.data if active else 0, [(self, 1 if active else 0)], "relu")

    def backward(self):
        self.grad = 1
        for node in sorted(_collect(self), key=attrgetter("depth"), reverse=True):
            for edge in node.edges:
                edge.source.grad += edge.local_derivative * node.grad
