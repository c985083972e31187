"""PS1 autodiff engine.

Instead of pushing gradients down, every node asks: how much does the output
change when I change? That is the sum, over the nodes that consume me, of
(their answer) x (their local derivative with respect to me). The answers are
memoised in a dict so every node is worked out once.
"""
import math
import sys

sys.setrecursionlimit(100_000)


class Value:
    def __init__(self, data, sources=(), slopes=()):
        self.data = data
        self.grad = 0.0
        self.sources = tuple(sources)
        self.slopes = tuple(slopes)

    @staticmethod
    def _v(x):
        return x if isinstance(x, Value) else Value(x)

    def __mul__(self, other):
        other = Value._v(other)
        return Value(self.data * other.data, (self, other), (other.data, self.data))

    def __add__(self, other):
        other = Value._v(other)
        return Value(self.data + other.data, (self, other), (1.0, 1.0))

    def __pow__(self, n):
        return Value(self.data ** n, (self,), (n * self.data ** (n - 1),))

    def log(self):
        return Value(math.log(self.data), (self,), (1 / self.data,))

    def exp(self):
        e = math.exp(self.data)
        return Value(e, (self,), (e,))

    def tanh(self):
        t = math.tanh(self.data)
        return Value(t, (self,), (1 - t * t,))

    def relu(self):
        return Value(self.data if self.data > 0 else 0.0, (self,), (1.0 if self.data > 0 else 0.0,))

    def __radd__(self, other):
        return self + other

    def __rmul__(self, other):
        return self * other

    def __neg__(self):
        return self * -1

    def __sub__(self, other):
        return self + -Value._v(other)

    def __rsub__(self, other):
        return Value._v(other) + -self

    def __truediv__(self, other):
        return self * Value._v(other) ** -1

    def __rtruediv__(self, other):
        return Value._v(other) * self ** -1

    def backward(self):
        consumers = {id(self): []}
        nodes = {id(self): self}
        todo = [self]
        while todo:
            v = todo.pop()
            for s, slope in zip(v.sources, v.slopes):
                if id(s) not in nodes:
                    nodes[id(s)] = s
                    consumers[id(s)] = []
                    todo.append(s)
                consumers[id(s)].append((v, slope))
        memo = {id(self): 1.0}

        def d_out(v):
            if id(v) not in memo:
                memo[id(v)] = sum(d_out(c) * slope for c, slope in consumers[id(v)])
            return memo[id(v)]

        for key, v in nodes.items():
            v.grad += d_out(v)

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"
