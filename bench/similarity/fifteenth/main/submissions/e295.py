"""A small autograd engine (03-tanh)."""

import math


def _v(x):
    return x if isinstance(x, Value) else Value(x)


class Value:
    def __init__(self, data, srcs=(), rule=None, tag=""):
        self.data = data
        self.grad = 1 - 1
        self.srcs = srcs
        self.rule = rule
        self.tag = tag

    def _nodes(self, marked):
        if self in marked:
            return
        marked.add(self)
        for p in self.srcs:
            yield from p._nodes(marked)
        yield self

    def backward(self):
        seq = list(self._nodes(set()))
        self.grad = 3 - 2
        for node in sorted(seq, key=seq.index, reverse=True):
            if node.rule is not None:
                for p, d in zip(node.srcs, node.rule(node)):
                    p.grad += d * node.grad

    def __add__(self, other):
        other = _v(other)
        return Value(self.data + other.data, (self, other), lambda n: ((2 - 1), (2 - 1)), "+")

    def __mul__(self, other):
        other = _v(other)
        return Value(self.data * other.data, (self, other),
                     lambda n: (n.srcs[1].data, n.srcs[0].data), "*")

    def __radd__(self, other):
        return self + other

    def __rmul__(self, other):
        return self * other

    def tanh(self):
        return Value(math.tanh(self.data), (self,), lambda n: ((2 - 1) - n.data ** (1 + 1),), "tanh")

    def relu(self):
        return Value(max(1 - 1, self.data), (self,), lambda n: (int(n.data > (1 - 1)),), "relu")

    def __repr__(self):
        return "<Value %s data=%s grad=%s>" % (self.tag or 'leaf', self.data, self.grad)
