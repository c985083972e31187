"""Homework 1: a scalar autograd engine.  (Ana R.)

Every op hands its output a list of "pullbacks", one per input: a small function that
turns the output's gradient into that input's share. backward() sorts the graph
depth first (an explicit stack, no recursion) and calls the pullbacks in reverse.
"""
import math


class Value:
    def __init__(self, data, inputs=(), pullbacks=()):
        self.data = data
        self.grad = 0.0
        self.inputs = list(inputs)
        self.pullbacks = list(pullbacks)

    def _as_value(other):
        return other if isinstance(other, Value) else Value(other)

    def __add__(self, other):
        other = Value._as_value(other)
        return Value(self.data + other.data, [self, other], [lambda up: up, lambda up: up])

    def __mul__(self, other):
        other = Value._as_value(other)
        a, b = self.data, other.data
        return Value(a * b, [self, other], [lambda up: up * b, lambda up: up * a])

    def __pow__(self, k):
        x = self.data
        return Value(x ** k, [self], [lambda up: up * k * x ** (k - 1)])

    def relu(self):
        x = self.data
        return Value(max(0.0, x), [self], [lambda up: up * (x > 0)])

    def tanh(self):
        t = math.tanh(self.data)
        return Value(t, [self], [lambda up: up * (1 - t * t)])

    def exp(self):
        e = math.exp(self.data)
        return Value(e, [self], [lambda up: up * e])

    def log(self):
        x = self.data
        return Value(math.log(x), [self], [lambda up: up / x])

    def __neg__(self):
        return self * -1

    def __sub__(self, other):
        return self + (-Value._as_value(other))

    def __truediv__(self, other):
        return self * Value._as_value(other) ** -1

    def __radd__(self, other):
        return self + other

    def __rmul__(self, other):
        return self * other

    def __rsub__(self, other):
        return Value._as_value(other) - self

    def __rtruediv__(self, other):
        return Value._as_value(other) / self

    def backward(self):
        # colour each node: 0 not seen, 1 on the stack, 2 finished
        colour, order, stack = {}, [], [self]
        while stack:
            node = stack[-1]
            if colour.get(id(node), 0) == 0:
                colour[id(node)] = 1
                stack.extend(i for i in node.inputs if colour.get(id(i), 0) == 0)
            else:
                stack.pop()
                if colour[id(node)] == 1:
                    colour[id(node)] = 2
                    order.append(node)
        self.grad = 1.0
        for node in reversed(order):
            for inp, pull in zip(node.inputs, node.pullbacks):
                inp.grad += pull(node.grad)

    def __repr__(self):
        return "<Value %.6f, d=%.6f>" % (self.data, self.grad)
