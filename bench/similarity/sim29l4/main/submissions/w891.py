import math
from collections import defaultdict


class Value:
    """Lucía: reverse mode by pulling. Each node knows who consumed it; d(root)/d(node) is the sum over
    its consumers of d(root)/d(consumer) * d(consumer)/d(node), computed once per node (memo)."""

    def __init__(self, data, inputs=(), op=""):
        self.data = data
        self.grad = 0
        self._prev = tuple(inputs)
        self._op = op
        self._consumers = []
        self._partials = {}  # input -> d self / d input
        for x in inputs:
            x._consumers.append(self)

    @staticmethod
    def lift(x):
        return x if isinstance(x, Value) else Value(x)

    def _made(self, data, op, partials):
        out = Value(data, tuple(p for p, _ in partials), op)
        for p, d in partials:
            out._partials[p] = out._partials.get(p, 0) + d
        return out

    def __add__(self, other):
        other = Value.lift(other)
        return self._made(self.data + other.data, "+", [(self, 1), (other, 1)])

    def __mul__(self, other):
        other = Value.lift(other)
        return self._made(self.data * other.data, "*", [(self, other.data), (other, self.data)])

    def __pow__(self, k):
        return self._made(self.data ** k, "**", [(self, k * self.data ** (k - 1))])

    def exp(self):
        e = math.exp(self.data)
        return self._made(e, "exp", [(self, e)])

    def log(self):
        return self._made(math.log(self.data), "log", [(self, 1 / self.data)])

    def tanh(self):
        t = math.tanh(self.data)
        return self._made(t, "tanh", [(self, 1 - t ** 2)])

    def relu(self):
        return self._made(max(0, self.data), "relu", [(self, 1 if self.data > 0 else 0)])

    def backward(self):
        inside, todo = set(), [self]
        while todo:
            v = todo.pop()
            if v not in inside:
                inside.add(v)
                todo.extend(v._prev)
        memo = defaultdict(float)
        memo[self] = 1

        def adjoint(v):
            if v not in memo:
                memo[v] = sum(adjoint(c) * c._partials[v] for c in set(v._consumers) if c in inside)
            return memo[v]
        for v in inside:
            v.grad += adjoint(v)

    def __neg__(self):
        return self * -1

    def __radd__(self, other):
        return self + other

    def __sub__(self, other):
        return self + (-other)

    def __rsub__(self, other):
        return other + (-self)

    def __rmul__(self, other):
        return self * other

    def __truediv__(self, other):
        return self * other ** -1

    def __rtruediv__(self, other):
        return other * self ** -1

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"
