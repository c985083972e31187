"""Autograd, my way: each node keeps the edges to its inputs with the local derivative
already computed as a number, and backward runs Kahn's algorithm on the consumer counts."""
import math
from collections import defaultdict


class Value:
    def __init__(self, data, edges=()):
        self.data = data
        self.grad = 0
        self.edges = list(edges)  # [(input node, d self / d input), ...]

    def __add__(self, other):
        if not isinstance(other, Value):
            other = Value(other)
        return Value(self.data + other.data, [(self, 1), (other, 1)])

    __radd__ = __add__

    def __mul__(self, other):
        if not isinstance(other, Value):
            other = Value(other)
        return Value(self.data * other.data, [(self, other.data), (other, self.data)])

    __rmul__ = __mul__

    def relu(self):
        if self.data > 0:
            return Value(self.data, [(self, 1)])
        return Value(0, [(self, 0)])

    def tanh(self):
        y = math.tanh(self.data)
        return Value(y, [(self, 1 - y ** 2)])

    def backward(self):
        # how many times each node is used by a node that depends on self
        users = defaultdict(int)
        stack, found = [self], {id(self)}
        while stack:
            node = stack.pop()
            for parent, _ in node.edges:
                users[id(parent)] += 1
                if id(parent) not in found:
                    found.add(id(parent))
                    stack.append(parent)
        # a node is ready once all its users have given it their share
        self.grad = 1
        ready = [self]
        while ready:
            node = ready.pop()
            for parent, local in node.edges:
                parent.grad += local * node.grad
                users[id(parent)] -= 1
                if users[id(parent)] == 0:
                    ready.append(parent)

    def __repr__(self):
        return "Value(data=%s, grad=%s)" % (self.data, self.grad)
