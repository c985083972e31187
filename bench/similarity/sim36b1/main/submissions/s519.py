# Greta Hoffmann -- lab 2
# Edge-list version (like the article linked on the course page): every node
# keeps (parent, local derivative) pairs worked out in the forward pass, and
# backward() walks those edges. No closures at all.

import math


class Value:
    def __init__(self, data, edges=(), op=""):
        self.data = data
        self.grad = 0.0
        self.edges = list(edges)  # [(input Value, d self / d input), ...]
        self._op = op

    @property
    def _prev(self):
        return {p for p, _ in self.edges}

    def __repr__(self):
        return "Value(data=%r, grad=%r)" % (self.data, self.grad)

    @staticmethod
    def of(x):
        return x if isinstance(x, Value) else Value(x)

    def __add__(self, other):
        other = Value.of(other)
        return Value(self.data + other.data, [(self, 1.0), (other, 1.0)], "+")

    def __mul__(self, other):
        other = Value.of(other)
        return Value(self.data * other.data, [(self, other.data), (other, self.data)], "*")

    def __pow__(self, n):
        return Value(self.data ** n, [(self, n * self.data ** (n - 1))], "pow")

    def relu(self):
        return Value(max(self.data, 0.0), [(self, 1.0 if self.data > 0 else 0.0)], "relu")

    def tanh(self):
        t = math.tanh(self.data)
        return Value(t, [(self, 1.0 - t * t)], "tanh")

    def exp(self):
        e = math.exp(self.data)
        return Value(e, [(self, e)], "exp")

    def log(self):
        return Value(math.log(self.data), [(self, 1.0 / self.data)], "log")

    def __neg__(self):
        return self * -1

    def __radd__(self, other):
        return self + other

    def __rmul__(self, other):
        return self * other

    def __sub__(self, other):
        return self + (-Value.of(other))

    def __rsub__(self, other):
        return Value.of(other) - self

    def __truediv__(self, other):
        return self * Value.of(other) ** -1

    def __rtruediv__(self, other):
        return Value.of(other) * self ** -1

    def backward(self):
        # post-order with an explicit stack
        order, seen, stack = [], set(), [(self, 0)]
        while stack:
            v, i = stack.pop()
            if i < len(v.edges):
                stack.append((v, i + 1))
                p = v.edges[i][0]
                if p not in seen:
                    seen.add(p)
                    stack.append((p, 0))
            else:
                order.append(v)
        self.grad = 1.0
        for v in reversed(order):
            for p, local in v.edges:
                p.grad += local * v.grad
