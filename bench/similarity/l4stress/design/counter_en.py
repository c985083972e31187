import math
from itertools import count

_serial = count()


def _wrap(x):
    return x if isinstance(x, Value) else Value(x)


class _AddRule:
    def __init__(self, a, b):
        self.a, self.b = a, b

    def __call__(self, g):
        self.a.grad += g
        self.b.grad += g


class _MulRule:
    def __init__(self, a, b):
        self.a, self.b = a, b

    def __call__(self, g):
        self.a.grad += self.b.data * g
        self.b.grad += self.a.data * g


class _ScaleRule:
    """d(out)/d(x) known up front: just scale the incoming gradient."""

    def __init__(self, x, local):
        self.x, self.local = x, local

    def __call__(self, g):
        self.x.grad += self.local * g


class Value:
    """A scalar that remembers how it was made; each node gets a serial number when created."""

    def __init__(self, data, parents=(), rule=None, label=""):
        self.id = next(_serial)  # parents always get smaller numbers
        self.label = label
        self.rule = rule
        self.parents = parents
        self.grad = 0.0
        self.data = data

    def __repr__(self):
        return "<Value #%d %s data=%g grad=%g>" % (self.id, self.label or 'leaf', self.data, self.grad)

    def __add__(self, other):
        other = _wrap(other)
        return Value(other.data + self.data, (self, other), _AddRule(self, other), "+")

    def __mul__(self, other):
        other = _wrap(other)
        return Value(other.data * self.data, (self, other), _MulRule(self, other), "*")

    def __radd__(self, other):
        return self + other

    def __rmul__(self, other):
        return self * other

    def __sub__(self, other):
        return self + (-1) * _wrap(other)

    def __rsub__(self, other):
        return (-1) * self + _wrap(other)

    def tanh(self):
        y = math.tanh(self.data)
        return Value(y, (self,), _ScaleRule(self, 1.0 - y ** 2), "tanh")

    def relu(self):
        return Value(self.data if self.data > 0 else 0.0, (self,), _ScaleRule(self, 1.0 if self.data > 0 else 0.0), "relu")

    def log(self):
        return Value(math.log(self.data), (self,), _ScaleRule(self, 1 / self.data), "log")

    def backward(self):
        # newest node first: every node is newer than its inputs
        found = {}
        stack = [self]
        while stack:
            node = stack.pop()
            if node.id in found:
                continue
            found[node.id] = node
            stack += node.parents
        self.grad = 1.0
        for key in sorted(found)[::-1]:
            node = found[key]
            if node.rule is not None:
                node.rule(node.grad)
