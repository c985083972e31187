"""Scalar reverse-mode AD (problem set 1) -- Priyanka S.

The unary functions are all "f(x) and f'(x)", so they are made in one loop from a
table; each node keeps (parent, local derivative) edges computed when it is made,
and the backward pass releases a node once every consumer has sent its gradient.
"""
import math
from collections import deque


class Value:
    def __init__(self, data, edges=()):
        self.data = data
        self.grad = 0.0
        self.edges = tuple(edges)  # (parent, d self / d parent)

    @staticmethod
    def cast(x):
        return x if isinstance(x, Value) else Value(x)

    def __add__(self, other):
        other = Value.cast(other)
        return Value(self.data + other.data, ((self, 1.0), (other, 1.0)))

    def __mul__(self, other):
        other = Value.cast(other)
        return Value(self.data * other.data, ((self, other.data), (other, self.data)))

    def __pow__(self, n):
        return Value(self.data ** n, ((self, n * self.data ** (n - 1)),))

    def __neg__(self):
        return self * -1.0

    def __sub__(self, other):
        return self + -Value.cast(other)

    def __rsub__(self, other):
        return Value.cast(other) + -self

    def __truediv__(self, other):
        return self * Value.cast(other) ** -1

    def __rtruediv__(self, other):
        return Value.cast(other) * self ** -1

    __radd__ = __add__
    __rmul__ = __mul__

    def backward(self):
        pending = {}
        seen, todo = {self}, [self]
        while todo:
            node = todo.pop()
            for parent, _ in node.edges:
                pending[parent] = pending.get(parent, 0) + 1
                if parent not in seen:
                    seen.add(parent)
                    todo.append(parent)
        self.grad = 1.0
        ready = deque([self])
        while ready:
            node = ready.popleft()
            for parent, local in node.edges:
                parent.grad += local * node.grad
                pending[parent] -= 1
                if pending[parent] == 0:
                    ready.append(parent)

    def __repr__(self):
        return "Value(%g; grad %g)" % (self.data, self.grad)


# name: (f, f' as a function of x and f(x))
UNARY = {
    "relu": (lambda x: max(0.0, x), lambda x, y: 1.0 if x > 0 else 0.0),
    "tanh": (math.tanh, lambda x, y: 1 - y ** 2),
    "exp": (math.exp, lambda x, y: y),
    "log": (math.log, lambda x, y: 1 / x),
}


def _unary(f, df):
    def op(self):
        y = f(self.data)
        return Value(y, ((self, df(self.data, y)),))
    return op


for _name, (_f, _df) in UNARY.items():
    setattr(Value, _name, _unary(_f, _df))
