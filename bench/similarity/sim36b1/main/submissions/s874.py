# Anya Petrova -- lab 2. My own engine (started over the weekend).
# Each node keeps a list of its parents and one gradient function that gets
# the incoming gradient and returns the gradients for the parents, in order.

import math


class Value:
    def __init__(self, data, parents=(), grad_fn=None, label=""):
        self.data = data
        self.grad = 0.0
        self.parents = list(parents)
        self.grad_fn = grad_fn
        self.label = label

    def __repr__(self):
        return f"Value({self.data}, grad={self.grad}, op={self.label!r})"

    @staticmethod
    def _as(x):
        return x if isinstance(x, Value) else Value(x)

    def __add__(self, other):
        other = Value._as(other)
        return Value(self.data + other.data, [self, other], lambda g: (g, g), "+")

    def __mul__(self, other):
        other = Value._as(other)
        a, b = self.data, other.data
        return Value(a * b, [self, other], lambda g: (b * g, a * g), "*")

    def __pow__(self, p):
        x = self.data
        return Value(x ** p, [self], lambda g: (p * x ** (p - 1) * g,), "**")

    def relu(self):
        x = self.data
        return Value(x if x > 0 else 0.0, [self], lambda g: (g if x > 0 else 0.0,), "relu")

    def tanh(self):
        t = math.tanh(self.data)
        return Value(t, [self], lambda g: ((1 - t * t) * g,), "tanh")

    def exp(self):
        e = math.exp(self.data)
        return Value(e, [self], lambda g: (e * g,), "exp")

    def log(self):
        x = self.data
        return Value(math.log(x), [self], lambda g: (g / x,), "log")

    def __neg__(self):
        return self * -1

    def __radd__(self, other):
        return self + other

    def __rmul__(self, other):
        return self * other

    def __sub__(self, other):
        return self + (-Value._as(other))

    def __rsub__(self, other):
        return Value._as(other) + (-self)

    def __truediv__(self, other):
        return self * Value._as(other) ** -1

    def __rtruediv__(self, other):
        return Value._as(other) * self ** -1

    def backward(self):
        # topological order by an iterative DFS over parents
        order, seen = [], set()
        stack = [(self, False)]
        while stack:
            node, ready = stack.pop()
            if ready:
                order.append(node)
            elif id(node) not in seen:
                seen.add(id(node))
                stack.append((node, True))
                for p in node.parents:
                    stack.append((p, False))
        self.grad = 1.0
        for node in reversed(order):
            if node.grad_fn is not None:
                for parent, g in zip(node.parents, node.grad_fn(node.grad)):
                    parent.grad += g
