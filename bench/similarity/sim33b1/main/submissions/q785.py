"""A scalar autograd engine that records every operation on a tape.

The tape is a list of (output, rule) entries in the order they were made; since
an output is always made after its inputs, reading the tape backwards is a valid
order for the chain rule.
"""

import math

tape = []


def record(out, rule):
    tape.append((out, rule))
    return out


class Value:
    def __init__(self, data, inputs=(), op=""):
        self.data = data
        self.grad = 0
        self.inputs = inputs
        self.op = op

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"

    def __add__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        out = Value(self.data + other.data, (self, other), "+")

        def rule():
            self.grad += out.grad
            other.grad += out.grad

        return record(out, rule)

    def __mul__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        out = Value(self.data * other.data, (self, other), "*")

        def rule():
            self.grad += out.grad * other.data
            other.grad += out.grad * self.data

        return record(out, rule)

    def __pow__(self, k):
        assert isinstance(k, (int, float)), "only constant int/float powers are supported"
        v = self.data ** k
        out = Value(v, (self,), "**" + repr(k))

        def rule():
            self.grad += out.grad * (k * self.data ** (k - 1))

        return record(out, rule)

    def exp(self):
        v = math.exp(self.data)
        out = Value(v, (self,), "exp")

        def rule():
            self.grad += out.grad * v

        return record(out, rule)

    def log(self):
        v = math.log(self.data)
        out = Value(v, (self,), "log")

        def rule():
            self.grad += out.grad * (1 / self.data)

        return record(out, rule)

    def tanh(self):
        t = math.tanh(self.data)
        out = Value(t, (self,), "tanh")

        def rule():
            self.grad += out.grad * (1 - t**2)

        return record(out, rule)

    def relu(self):
        out = Value(0 if self.data < 0 else self.data, (self,), "ReLU")

        def rule():
            self.grad += out.grad * (out.data > 0)

        return record(out, rule)

    def backward(self):
        # which tape entries lead to self?
        wanted = {id(self)}
        for out, _ in reversed(tape):
            if id(out) in wanted:
                wanted.update(id(i) for i in out.inputs)
        self.grad = 1
        for out, rule in reversed(tape):
            if id(out) in wanted:
                rule()

    def __neg__(self):
        return self * (-1)

    def __radd__(self, other):
        return self + other

    def __rmul__(self, other):
        return self * other

    def __sub__(self, other):
        return self + (-other)

    def __rsub__(self, other):
        return -self + other

    def __truediv__(self, other):
        if isinstance(other, Value):
            return self * other ** -1
        return self * (1 / other)

    def __rtruediv__(self, other):
        return other * self ** -1
