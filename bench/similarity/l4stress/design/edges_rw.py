# Autograd engine. Every node stores the local derivative towards each of its
# inputs when it is built, so the backward pass is only multiply-and-add.
import math


class Value:
    __slots__ = ("data", "grad", "op", "inputs", "locals")

    def __init__(self, data, inputs=(), locals=(), op=""):
        self.data = data
        self.op = op
        self.inputs = inputs
        self.locals = locals
        self.grad = 0

    @staticmethod
    def wrap(x):
        return x if isinstance(x, Value) else Value(x)

    def __repr__(self):
        return "Value(data={!r}, grad={!r}, op={!r})".format(self.data, self.grad, self.op)

    def __neg__(self):
        return -1 * self

    def __mul__(self, other):
        other = Value.wrap(other)
        return Value(other.data * self.data, (self, other), (other.data, self.data), "*")

    def __rmul__(self, other):
        return self * other

    def __add__(self, other):
        other = Value.wrap(other)
        return Value(other.data + self.data, (self, other), (1, 1), "+")

    def __radd__(self, other):
        return self + other

    def __truediv__(self, other):
        return self * other ** -1

    def __pow__(self, k):
        return Value(self.data ** k, (self,), (k * self.data ** (k - 1),), "pow")

    def tanh(self):
        y = math.tanh(self.data)
        return Value(y, (self,), (1 - y ** 2,), "tanh")

    def exp(self):
        y = math.exp(self.data)
        return Value(y, (self,), (y,), "exp")

    def relu(self):
        return Value(max(self.data, 0), (self,), (int(self.data > 0),), "relu")

    def backward(self):
        order = []
        seen = set()

        def visit(node):
            if node not in seen:
                seen.add(node)
                for parent in node.inputs:
                    visit(parent)
                order.append(node)

        visit(self)
        self.grad = 1
        for node in order[::-1]:
            for parent, local in zip(node.inputs, node.locals):
                parent.grad += node.grad * local
