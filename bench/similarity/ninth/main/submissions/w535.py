"""Autograd for scalars -- homework, T. Nowak.

Each node keeps its parents and the partial derivative of itself with respect
to each parent, computed once in the forward pass.  backward() only has to
multiply and add.
"""
import math


class Value:
    def __init__(self, data, parents=(), partials=(), op=""):
        self.data = float(data)
        self.grad = 0.0
        self.parents = parents
        self.partials = partials
        self.op = op

    @staticmethod
    def lift(x):
        return x if isinstance(x, Value) else Value(x)

    def __add__(self, other):
        other = Value.lift(other)
        return Value(self.data + other.data, (self, other), (1.0, 1.0), "+")

    def __mul__(self, other):
        other = Value.lift(other)
        return Value(self.data * other.data, (self, other), (other.data, self.data), "*")

    __radd__ = __add__
    __rmul__ = __mul__

    def relu(self):
        return Value(max(self.data, 0.0), (self,), (1.0 if self.data > 0 else 0.0,), "relu")

    def tanh(self):
        t = math.tanh(self.data)
        return Value(t, (self,), (1.0 - t * t,), "tanh")

    def backward(self):
        # iterative post-order: (node, index of the next parent to visit)
        order, seen = [], set()
        stack = [(self, 0)]
        while stack:
            node, i = stack.pop()
            if i == 0:
                if id(node) in seen:
                    continue
                seen.add(id(node))
            if i < len(node.parents):
                stack.append((node, i + 1))
                stack.append((node.parents[i], 0))
            else:
                order.append(node)
        self.grad = 1.0
        for node in reversed(order):
            for parent, d in zip(node.parents, node.partials):
                parent.grad += d * node.grad

    def __repr__(self):
        return f"Value({self.data}, grad={self.grad})"
