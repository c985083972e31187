"""Wanjiru K. -- 05-backward, but as a small engine of my own.

Each node keeps a `push` function: given its own gradient, it returns the
gradients it sends to each input. backward() asks every node, newest first.
"""


class Value:
    _clock = 0

    def __init__(self, data, ins=(), push=None, op=""):
        Value._clock += 1
        self.t = Value._clock  # creation time: inputs are always older
        self.data = data
        self.grad = 0
        self.ins = ins
        self.push = push
        self.op = op

    @staticmethod
    def _v(x):
        return x if isinstance(x, Value) else Value(x)

    def __add__(self, other):
        other = Value._v(other)
        return Value(self.data + other.data, (self, other), lambda g: (g, g), "+")

    def __radd__(self, other):
        return self + other

    def __mul__(self, other):
        other = Value._v(other)
        a, b = self.data, other.data
        return Value(a * b, (self, other), lambda g: (g * b, g * a), "*")

    def __rmul__(self, other):
        return self * other

    def relu(self):
        on = self.data > 0
        return Value(self.data if on else 0, (self,), lambda g: (g if on else 0,), "relu")

    def backward(self):
        everything = {}
        todo = [self]
        while todo:
            n = todo.pop()
            if n.t not in everything:
                everything[n.t] = n
                todo.extend(n.ins)
        self.grad = 1
        for t in sorted(everything, reverse=True):
            n = everything[t]
            if n.push:
                for i, g in zip(n.ins, n.push(n.grad)):
                    i.grad += g

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad}, op={self.op!r})"
