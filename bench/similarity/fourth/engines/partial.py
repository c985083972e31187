"""autograd on scalars -- my take after watching the lecture twice.

Backward rules live at module level and get bound with functools.partial,
so a node only keeps a reference to a plain function plus its arguments.
"""
import math
from functools import partial


def _noop():
    return None


def _add_rule(a, b, out):
    a.grad += out.grad
    b.grad += out.grad


def _mul_rule(a, b, out):
    a.grad += b.data * out.grad
    b.grad += a.data * out.grad


def _pow_rule(a, k, out):
    a.grad += k * a.data ** (k - 1) * out.grad


def _relu_rule(a, out):
    a.grad += (out.data > 0) * out.grad


def _tanh_rule(a, out):
    a.grad += (1.0 - out.data ** 2) * out.grad


def _exp_rule(a, out):
    a.grad += out.data * out.grad


class Value:
    def __init__(self, data, _children=(), _op=''):
        self.data = data
        self.grad = 0.0
        self._prev = tuple(_children)
        self._op = _op
        self._backward = _noop

    @staticmethod
    def _lift(x):
        return x if isinstance(x, Value) else Value(x)

    def __add__(self, other):
        other = Value._lift(other)
        out = Value(self.data + other.data, (self, other), '+')
        out._backward = partial(_add_rule, self, other, out)
        return out

    def __mul__(self, other):
        other = Value._lift(other)
        out = Value(self.data * other.data, (self, other), '*')
        out._backward = partial(_mul_rule, self, other, out)
        return out

    def __pow__(self, k):
        assert isinstance(k, (int, float)), 'powers must be plain numbers'
        out = Value(self.data ** k, (self,), f'^{k}')
        out._backward = partial(_pow_rule, self, k, out)
        return out

    def relu(self):
        out = Value(max(0.0, self.data), (self,), 'relu')
        out._backward = partial(_relu_rule, self, out)
        return out

    def tanh(self):
        out = Value(math.tanh(self.data), (self,), 'tanh')
        out._backward = partial(_tanh_rule, self, out)
        return out

    def exp(self):
        out = Value(math.exp(self.data), (self,), 'exp')
        out._backward = partial(_exp_rule, self, out)
        return out

    def backward(self):
        # iterative post-order DFS; the 'expanded' flag marks a second visit
        order, seen, todo = [], set(), [(self, False)]
        while todo:
            v, expanded = todo.pop()
            if expanded:
                order.append(v)
                continue
            if id(v) in seen:
                continue
            seen.add(id(v))
            todo.append((v, True))
            todo.extend((p, False) for p in v._prev)
        self.grad = 1.0
        for v in order[::-1]:
            v._backward()

    __radd__ = __add__
    __rmul__ = __mul__

    def __neg__(self):
        return self * -1.0

    def __sub__(self, other):
        return self + (-Value._lift(other))

    def __rsub__(self, other):
        return Value._lift(other) - self

    def __truediv__(self, other):
        return self * Value._lift(other) ** -1

    def __rtruediv__(self, other):
        return Value._lift(other) * self ** -1

    def __repr__(self):
        return f'Value({self.data:.4f}, grad={self.grad:.4f})'
