"""Exercise 03, Sana. Autodiff with a recorded tape instead of a topological sort."""
import math


class Tape:
    """Every computed node in creation order; replaying it backwards is a valid backprop order."""

    def __init__(self):
        self.nodes = []

    def record(self, node):
        self.nodes.append(node)
        return node

    def replay(self, root):
        keep = set()

        def mark(n):
            if n in keep:
                return
            keep.add(n)
            for p in n.parents:
                mark(p)

        mark(root)
        root.grad = 1
        for n in self.nodes[::-1]:
            if n in keep:
                n.backprop()


TAPE = Tape()


class Value:
    def __init__(self, data, parents=(), op=""):
        self.data = data
        self.grad = 0
        self.parents = parents
        self.op = op

    def backprop(self):
        pass

    @staticmethod
    def _new(data, parents, op, rule):
        n = Value(data, parents, op)
        n.backprop = rule(n)
        return TAPE.record(n)

    def relu(self):
        def rule(n):
            def back():
                self.grad += (n.data > 0) * n.grad
            return back
        return Value._new(max(self.data, 0), (self,), "relu", rule)

    def tanh(self):
        t = math.tanh(self.data)

        def rule(n):
            def back():
                self.grad += (1 - t ** 2) * n.grad
            return back
        return Value._new(t, (self,), "tanh", rule)

    def __mul__(self, other):
        other = other if isinstance(other, Value) else Value(other)

        def rule(n):
            def back():
                self.grad += other.data * n.grad
                other.grad += self.data * n.grad
            return back
        return Value._new(self.data * other.data, (self, other), "*", rule)

    def __add__(self, other):
        other = other if isinstance(other, Value) else Value(other)

        def rule(n):
            def back():
                self.grad += n.grad
                other.grad += n.grad
            return back
        return Value._new(self.data + other.data, (self, other), "+", rule)

    __rmul__ = __mul__
    __radd__ = __add__

    def backward(self):
        TAPE.replay(self)

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"
