import math
from collections import defaultdict


class Value:
    """A number that remembers how it was computed.

    Jamal's engine: each operation stores a function that, given the output
    gradient, returns the gradients of its inputs as a tuple. backward()
    collects the gradients in a dictionary and writes them into .grad at the end.
    """

    def __init__(self, data, inputs=(), vjp=None, name=""):
        self.data = data
        self.grad = 0.0
        self.inputs = inputs
        self.vjp = vjp
        self.name = name

    def __repr__(self):
        return f"Value({self.data!r}, grad={self.grad!r})"

    @staticmethod
    def lift(x):
        return x if isinstance(x, Value) else Value(x)

    def __add__(self, other):
        other = Value.lift(other)
        return Value(self.data + other.data, (self, other), lambda g: (g, g), "+")

    def __mul__(self, other):
        other = Value.lift(other)
        a, b = self.data, other.data
        return Value(a * b, (self, other), lambda g: (g * b, g * a), "*")

    def __pow__(self, k):
        x = self.data
        return Value(x ** k, (self,), lambda g: (g * k * x ** (k - 1),), "**")

    def relu(self):
        x = self.data
        return Value(x if x > 0 else 0.0, (self,), lambda g: (g if x > 0 else 0.0,), "relu")

    def tanh(self):
        t = math.tanh(self.data)
        return Value(t, (self,), lambda g: (g * (1 - t * t),), "tanh")

    def exp(self):
        e = math.exp(self.data)
        return Value(e, (self,), lambda g: (g * e,), "exp")

    def log(self):
        x = self.data
        return Value(math.log(x), (self,), lambda g: (g / x,), "log")

    def __neg__(self):
        return self * -1.0

    def __radd__(self, other):
        return self + other

    def __rmul__(self, other):
        return self * other

    def __sub__(self, other):
        return self + -Value.lift(other)

    def __rsub__(self, other):
        return Value.lift(other) + -self

    def __truediv__(self, other):
        return self * Value.lift(other) ** -1

    def __rtruediv__(self, other):
        return Value.lift(other) * self ** -1

    def backward(self):
        order, seen = [], {self}
        stack = [(self, 0)]
        while stack:
            node, i = stack.pop()
            if i < len(node.inputs):
                stack.append((node, i + 1))
                child = node.inputs[i]
                if child not in seen:
                    seen.add(child)
                    stack.append((child, 0))
            else:
                order.append(node)
        grads = defaultdict(float)
        grads[self] = 1.0
        for node in reversed(order):
            g = grads[node]
            if node.vjp is not None:
                for child, gc in zip(node.inputs, node.vjp(g)):
                    grads[child] += gc
        for node in order:
            node.grad += grads[node]
