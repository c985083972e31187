# Mei Tanaka, lab 2 (own version)
# Every Value gets a serial number when it is created. An operation's inputs
# always exist before its output, so going through the nodes from the highest
# serial number down is a valid backward order: no graph search needed.
import itertools
import math

_serial = itertools.count()


class Value:
    def __init__(self, data, parents=(), partials=(), op=""):
        self.data = data
        self.grad = 0
        self.parents = parents
        self.partials = partials  # d self / d parent, one float per parent
        self.op = op
        self.serial = next(_serial)

    def __repr__(self):
        return f"Value({self.data}, grad={self.grad}, #{self.serial})"

    def _lift(self, x):
        return x if isinstance(x, Value) else Value(x)

    def __add__(self, x):
        x = self._lift(x)
        return Value(self.data + x.data, (self, x), (1, 1), "+")

    def __mul__(self, x):
        x = self._lift(x)
        return Value(self.data * x.data, (self, x), (x.data, self.data), "*")

    def __pow__(self, p):
        return Value(self.data ** p, (self,), (p * self.data ** (p - 1),), "**")

    def __neg__(self):
        return self * -1

    def __sub__(self, x):
        return self + -self._lift(x)

    def __truediv__(self, x):
        return self * self._lift(x) ** -1

    def __radd__(self, x):
        return self + x

    def __rmul__(self, x):
        return self * x

    def __rsub__(self, x):
        return self._lift(x) - self

    def __rtruediv__(self, x):
        return self._lift(x) / self

    def relu(self):
        return Value(max(self.data, 0), (self,), (int(self.data > 0),), "relu")

    def tanh(self):
        t = math.tanh(self.data)
        return Value(t, (self,), (1 - t ** 2,), "tanh")

    def exp(self):
        e = math.exp(self.data)
        return Value(e, (self,), (e,), "exp")

    def log(self):
        return Value(math.log(self.data), (self,), (1 / self.data,), "log")

    def backward(self):
        nodes = {}
        stack = [self]
        while stack:
            v = stack.pop()
            if v.serial not in nodes:
                nodes[v.serial] = v
                stack.extend(v.parents)
        self.grad = 1
        for serial in sorted(nodes, reverse=True):
            v = nodes[serial]
            for parent, partial in zip(v.parents, v.partials):
                parent.grad += partial * v.grad
