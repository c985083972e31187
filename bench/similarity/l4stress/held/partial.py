"""Scalar autograd, written after the lecture.

Each node keeps a small callable object for its backward step instead of a closure.
"""
import math


class _Step:
    """Base for the backward steps: does nothing (a leaf)."""

    def __call__(self):
        pass


class _AddStep(_Step):
    def __init__(self, a, b, node):
        self.a, self.b, self.node = a, b, node

    def __call__(self):
        g = self.node.grad
        self.a.grad += g
        self.b.grad += g


class _MulStep(_Step):
    def __init__(self, a, b, node):
        self.a, self.b, self.node = a, b, node

    def __call__(self):
        self.b.grad += self.node.grad * self.a.data
        self.a.grad += self.node.grad * self.b.data


class _UnaryStep(_Step):
    # one input; local(node) gives d(node)/d(input)
    def __init__(self, a, node, local):
        self.a, self.node, self.local = a, node, local

    def __call__(self):
        self.a.grad += self.node.grad * self.local(self.node)


def lift(x):
    if isinstance(x, Value):
        return x
    return Value(x)


class Value:
    def __init__(self, data, _children=(), _op=''):
        self._backward = _Step()
        self._op = _op
        self._prev = tuple(_children)
        self.grad = 0.0
        self.data = data

    def __repr__(self):
        return 'Value({:.4f}, grad={:.4f})'.format(self.data, self.grad)

    def backward(self):
        # depth-first, recursive, collect nodes after their inputs
        order, seen = [], set()

        def visit(v):
            if id(v) not in seen:
                seen.add(id(v))
                for p in v._prev:
                    visit(p)
                order.append(v)

        visit(self)
        self.grad = 1.0
        for v in reversed(order):
            v._backward()

    def _unary(self, value, op, local):
        out = Value(value, (self,), op)
        out._backward = _UnaryStep(self, out, local)
        return out

    def exp(self):
        return self._unary(math.exp(self.data), 'exp', lambda n: n.data)

    def tanh(self):
        return self._unary(math.tanh(self.data), 'tanh', lambda n: 1.0 - n.data * n.data)

    def relu(self):
        return self._unary(self.data if self.data > 0 else 0.0, 'relu', lambda n: float(n.data > 0))

    def __pow__(self, k):
        if not isinstance(k, (int, float)):
            raise AssertionError('only plain number powers')
        return self._unary(self.data ** k, '^' + str(k), lambda n: k * self.data ** (k - 1))

    def __mul__(self, other):
        other = lift(other)
        out = Value(other.data * self.data, (self, other), '*')
        out._backward = _MulStep(self, other, out)
        return out

    def __add__(self, other):
        other = lift(other)
        out = Value(other.data + self.data, (self, other), '+')
        out._backward = _AddStep(self, other, out)
        return out

    def __rmul__(self, other):
        return self * other

    def __radd__(self, other):
        return self + other

    def __neg__(self):
        return -1.0 * self

    def __sub__(self, other):
        return self + lift(other) * -1.0

    def __rsub__(self, other):
        return lift(other) + self * -1.0

    def __truediv__(self, other):
        return lift(other) ** -1 * self

    def __rtruediv__(self, other):
        return self ** -1 * lift(other)
