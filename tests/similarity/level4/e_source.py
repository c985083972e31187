"""Lab 4 (Mei L.): a node stores its local derivatives as numbers, and backward walks the graph with a generator."""

import math


def _check(x):
    if isinstance(x, bool) or not isinstance(x, (int, float, Value)):
        raise TypeError("Value only mixes with numbers, not %s" % type(x).__name__)
    return x if isinstance(x, Value) else Value(x)


class Value:
    def __init__(self, data, parents=(), local=()):
        self.data = data
        self.grad = 0.0
        self.parents = parents
        self.local = local

    def __add__(self, other):
        other = _check(other)
        return Value(self.data + other.data, (self, other), (1.0, 1.0))

    def __mul__(self, other):
        other = _check(other)
        return Value(self.data * other.data, (self, other), (other.data, self.data))

    def __pow__(self, k):
        return Value(self.data ** k, (self,), (k * self.data ** (k - 1),))

    def tanh(self):
        y = math.tanh(self.data)
        return Value(y, (self,), (1 - y * y,))

    def exp(self):
        y = math.exp(self.data)
        return Value(y, (self,), (y,))

    def log(self):
        return Value(math.log(self.data), (self,), (1 / self.data,))

    def relu(self):
        return Value(max(self.data, 0), (self,), (1.0 if self.data > 0 else 0.0,))

    def __neg__(self):
        return self * -1

    def __sub__(self, other):
        return self + -_check(other)

    def __rsub__(self, other):
        return _check(other) + -self

    def __truediv__(self, other):
        return self * _check(other) ** -1

    def __rtruediv__(self, other):
        return _check(other) * self ** -1

    def __radd__(self, other):
        return self + other

    def __rmul__(self, other):
        return self * other

    def nodes(self):
        """Every node under self, each after all of its parents (post-order, no recursion)."""
        seen = set()
        stack = [(self, iter(self.parents))]
        seen.add(id(self))
        while stack:
            node, rest = stack[-1]
            nxt = next(rest, None)
            if nxt is None:
                stack.pop()
                yield node
            elif id(nxt) not in seen:
                seen.add(id(nxt))
                stack.append((nxt, iter(nxt.parents)))

    def backward(self):
        order = list(self.nodes())
        self.grad = 1.0
        for node in reversed(order):
            for p, d in zip(node.parents, node.local):
                p.grad += d * node.grad

    def __repr__(self):
        return f"Value({self.data!r}) with grad {self.grad!r}"
