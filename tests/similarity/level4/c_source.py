"""HW3 engine, Tomas R. Backward is Kahn's algorithm: a node is processed once every node that used it has been."""

import math
from collections import deque


class Value:
    __slots__ = ("data", "grad", "ins", "dins")

    def __init__(self, data, ins=(), dins=()):
        self.data = float(data)
        self.grad = 0.0
        self.ins = ins  # the inputs
        self.dins = dins  # d self / d input, one per input, computed on the way forward

    def __add__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        return Value(self.data + other.data, (self, other), (1.0, 1.0))

    def __mul__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        return Value(self.data * other.data, (self, other), (other.data, self.data))

    def __pow__(self, k):
        if isinstance(k, Value):
            raise NotImplementedError("Value ** Value: only a number as the exponent")
        return Value(self.data ** k, (self,), (k * self.data ** (k - 1),))

    def tanh(self):
        t = math.tanh(self.data)
        return Value(t, (self,), (1.0 - t * t,))

    def exp(self):
        e = math.exp(min(self.data, 700.0))  # clipped: exp(710) is inf
        return Value(e, (self,), (e,))

    def log(self):
        return Value(math.log(self.data), (self,), (1.0 / self.data,))

    def relu(self):
        return Value(self.data * (self.data > 0), (self,), (1.0 * (self.data > 0),))

    def __neg__(self):
        return self * -1.0

    def __sub__(self, other):
        return self + (-other)

    def __rsub__(self, other):
        return -self + other

    def __truediv__(self, other):
        return self * other ** -1

    def __rtruediv__(self, other):
        return self ** -1 * other

    def __radd__(self, other):
        return self + other

    def __rmul__(self, other):
        return self * other

    def backward(self):
        # count how many times each node is used as an input (its out-degree in the graph)
        uses = {}
        stack = [self]
        while stack:
            node = stack.pop()
            for parent in node.ins:
                if parent not in uses:
                    uses[parent] = 0
                    stack.append(parent)
                uses[parent] += 1
        self.grad = 1.0
        ready = deque([self])
        while ready:
            node = ready.popleft()
            for parent, d in zip(node.ins, node.dins):
                parent.grad += d * node.grad
                uses[parent] -= 1
                if uses[parent] == 0:  # every user has handed its gradient back
                    ready.append(parent)

    def __repr__(self):
        return "Value(%.5f, grad=%.5f)" % (self.data, self.grad)
