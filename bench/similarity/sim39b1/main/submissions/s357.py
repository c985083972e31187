# ps1 / engine.py -- Grace L.
# Every node knows who *uses* it (kids), so backward can run Kahn's algorithm
# from the output down: a node is done once all its users have sent their grads.
import math


class Value:
    def __init__(self, data, srcs=(), op=""):
        self.data = data
        self.grad = 0.0
        self.srcs = list(srcs)   # (source node, local derivative)
        self.kids = []           # nodes made from this one
        self.op = op
        for s, _ in self.srcs:
            s.kids.append(self)

    @staticmethod
    def of(x):
        return x if isinstance(x, Value) else Value(x)

    def __add__(self, other):
        other = Value.of(other)
        return Value(self.data + other.data, [(self, 1.0), (other, 1.0)], "+")

    def __mul__(self, other):
        other = Value.of(other)
        return Value(self.data * other.data, [(self, other.data), (other, self.data)], "*")

    def __pow__(self, e):
        return Value(self.data ** e, [(self, e * self.data ** (e - 1))], f"**{e}")

    def relu(self):
        on = self.data > 0
        return Value(self.data if on else 0.0, [(self, 1.0 if on else 0.0)], "relu")

    def tanh(self):
        t = math.tanh(self.data)
        return Value(t, [(self, 1.0 - t * t)], "tanh")

    def exp(self):
        e = math.exp(self.data)
        return Value(e, [(self, e)], "exp")

    def log(self):
        return Value(math.log(self.data), [(self, 1.0 / self.data)], "log")

    def __neg__(self):
        return self * -1.0

    def __radd__(self, other):
        return self + other

    def __sub__(self, other):
        return self + (-Value.of(other))

    def __rsub__(self, other):
        return Value.of(other) + (-self)

    def __rmul__(self, other):
        return self * other

    def __truediv__(self, other):
        return self * Value.of(other) ** -1

    def __rtruediv__(self, other):
        return Value.of(other) * self ** -1

    def backward(self):
        # which nodes are reachable from the output (only their kids count)
        reach = {self}
        frontier = [self]
        while frontier:
            n = frontier.pop()
            for s, _ in n.srcs:
                if s not in reach:
                    reach.add(s)
                    frontier.append(s)
        indeg = {n: sum(1 for k in n.kids if k in reach) for n in reach}
        acc = {n: 0.0 for n in reach}
        acc[self] = 1.0
        frontier = [self]
        while frontier:
            n = frontier.pop()
            n.grad += acc[n]
            for s, d in n.srcs:
                acc[s] += d * acc[n]
                indeg[s] -= 1
                if indeg[s] == 0:
                    frontier.append(s)

    def __repr__(self):
        return f"Value({self.data!r}, grad={self.grad!r})"
