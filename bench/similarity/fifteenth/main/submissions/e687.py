"""Tamar's engine for 03-tanh: written from scratch.

A node stores its inputs and a function that, given the node, returns one
local derivative per input. backward() gets the order from a generator.
"""

import math


def _as_value(x):
    return x if isinstance(x, Value) else Value(x)


class Value:
    def __init__(self, data, inputs=(), local=None, label=""):
        self.data = data
        self.grad = 0
        self.inputs = inputs
        self.local = local      # node -> tuple of d(node)/d(input)
        self.label = label

    def __add__(self, other):
        other = _as_value(other)
        return Value(self.data + other.data, (self, other), lambda n: (1, 1), "+")

    def __mul__(self, other):
        other = _as_value(other)
        return Value(self.data * other.data, (self, other),
                     lambda n: (n.inputs[1].data, n.inputs[0].data), "*")

    def __radd__(self, other):
        return self + other

    def __rmul__(self, other):
        return self * other

    def relu(self):
        return Value(max(0, self.data), (self,), lambda n: (int(n.data > 0),), "relu")

    def tanh(self):
        # the derivative from the node's own value: 1 - tanh^2
        return Value(math.tanh(self.data), (self,), lambda n: (1 - n.data ** 2,), "tanh")

    def _walk(self, seen):
        """Yield every node below self, each after all of its inputs."""
        if self in seen:
            return
        seen.add(self)
        for parent in self.inputs:
            yield from parent._walk(seen)
        yield self

    def backward(self):
        order = list(self._walk(set()))
        self.grad = 1
        for node in reversed(order):
            if node.local is None:
                continue
            for parent, d in zip(node.inputs, node.local(node)):
                parent.grad += d * node.grad

    def __repr__(self):
        return f"<Value {self.label or 'leaf'} data={self.data} grad={self.grad}>"
