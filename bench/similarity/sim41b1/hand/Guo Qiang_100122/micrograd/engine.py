"""Scalar reverse-mode autodiff (Guo Qiang). Local derivatives are computed in the forward pass and stored on the
edges, so backward() only multiplies and accumulates. __slots__ keeps a node small: a loss over thousands of
examples makes many of them."""

import math


class Value:
    __slots__ = ("data", "grad", "edges")

    def __init__(self, data, edges=()):
        self.data = float(data)
        self.grad = 0.0
        self.edges = edges  # ((input, d self / d input), ...)

    def __repr__(self):
        return "Value(%r, grad=%r)" % (self.data, self.grad)

    @staticmethod
    def _v(x):
        return x if isinstance(x, Value) else Value(x)

    def __add__(self, o):
        o = Value._v(o)
        return Value(self.data + o.data, ((self, 1.0), (o, 1.0)))

    def __mul__(self, o):
        o = Value._v(o)
        return Value(self.data * o.data, ((self, o.data), (o, self.data)))

    def __pow__(self, p):
        assert isinstance(p, (int, float))
        return Value(self.data ** p, ((self, p * self.data ** (p - 1)),))

    def relu(self):
        return Value(self.data if self.data > 0 else 0.0, ((self, 1.0 if self.data > 0 else 0.0),))

    def tanh(self):
        y = math.tanh(self.data)
        return Value(y, ((self, 1.0 - y * y),))

    def exp(self):
        y = math.exp(self.data)
        return Value(y, ((self, y),))

    def log(self):
        return Value(math.log(self.data), ((self, 1.0 / self.data),))

    def __neg__(self):
        return self * -1.0

    def __radd__(self, o):
        return self + o

    def __rmul__(self, o):
        return self * o

    def __sub__(self, o):
        return self + (-Value._v(o))

    def __rsub__(self, o):
        return Value._v(o) - self

    def __truediv__(self, o):
        return self * Value._v(o) ** -1

    def __rtruediv__(self, o):
        return Value._v(o) * self ** -1

    def backward(self):
        # iterative post-order; marks a node when it is finished, never when it is pushed
        out, done, stack = [], set(), [(self, False)]
        while stack:
            node, children_done = stack.pop()
            if node in done:
                continue
            if children_done:
                done.add(node)
                out.append(node)
                continue
            stack.append((node, True))
            for child, _ in node.edges:
                if child not in done:
                    stack.append((child, False))
        self.grad = 1.0
        for node in reversed(out):
            for child, local in node.edges:
                child.grad += local * node.grad
