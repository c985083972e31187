"""engine.py -- Dario Conti.

Instead of a closure per node, every node keeps a list of edges: (input,
function from my gradient to what that input receives).  Lambdas capture the
forward values they need.
"""
import math


class Value:
    def __init__(self, data, edges=None, op=""):
        self.data = data
        self.grad = 0
        self.edges = edges or []
        self.op = op

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"

    def __add__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        return Value(self.data + other.data, [(self, lambda g: g), (other, lambda g: g)], "+")

    def __mul__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        a, b = self.data, other.data
        return Value(a * b, [(self, lambda g: g * b), (other, lambda g: g * a)], "*")

    def __pow__(self, k):
        x = self.data
        return Value(x ** k, [(self, lambda g: g * k * x ** (k - 1))], f"**{k}")

    def relu(self):
        on = self.data > 0
        return Value(self.data if on else 0, [(self, lambda g: g if on else 0)], "relu")

    def tanh(self):
        t = math.tanh(self.data)
        return Value(t, [(self, lambda g: g * (1 - t * t))], "tanh")

    def log(self):
        x = self.data
        return Value(math.log(x), [(self, lambda g: g / x)], "log")

    def __neg__(self):
        return self * -1

    def __radd__(self, other):
        return self + other

    def __rmul__(self, other):
        return self * other

    def __sub__(self, other):
        return self + (-other)

    def __truediv__(self, other):
        return self * other ** -1

    def __rtruediv__(self, other):
        return other * self ** -1

    def topo(self):
        out, seen = [], set()

        def visit(v):
            if v not in seen:
                seen.add(v)
                for child, _ in v.edges:
                    visit(child)
                out.append(v)

        visit(self)
        return out

    def backward(self):
        self.grad = 1
        for v in reversed(self.topo()):
            for child, fn in v.edges:
                child.grad += fn(v.grad)
