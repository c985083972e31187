'''A scalar-valued reverse-mode autograd engine.

Each operation builds a new Value remembering its operands and a `_backward`
closure holding the local derivative, multiplied by the incoming gradient
(`res.grad`). Running those closures from the result back to the leaves is
backpropagation.
'''

import math
import random


class Value:
    '''One scalar, its gradient, and where it came from.'''

    def __init__(self, data, _children=(), _op=''):
        self.data = data
        self.grad = 0
        self._backward = lambda: None
        # operands, de-duplicated, in order (a set's order depends on addresses)
        self._prev = tuple(dict.fromkeys(_children))
        self._op = _op

    def __repr__(self):
        return f'Value(data={self.data}, grad={self.grad})'

    def __rmul__(self, k):
        return self * k

    def __radd__(self, k):
        return self + k

    def __truediv__(self, rhs):
        rhs = rhs if isinstance(rhs, Value) else Value(rhs)
        res = Value(self.data / rhs.data, (self, rhs), '/')

        def _backward():
            self.grad = self.grad + res.grad / rhs.data
            rhs.grad = rhs.grad - res.grad * self.data / (rhs.data ** 2)

        res._backward = _backward
        return res

    def __mul__(self, rhs):
        rhs = rhs if isinstance(rhs, Value) else Value(rhs)
        res = Value(self.data * rhs.data, (self, rhs), '*')

        def _backward():
            # product rule, one operand at a time
            self.grad = self.grad + rhs.data * res.grad
            rhs.grad = rhs.grad + self.data * res.grad

        res._backward = _backward
        return res

    def __sub__(self, rhs):
        rhs = rhs if isinstance(rhs, Value) else Value(rhs)
        res = Value(self.data - rhs.data, (self, rhs), '-')

        def _backward():
            self.grad = self.grad + res.grad
            rhs.grad = rhs.grad - res.grad

        res._backward = _backward
        return res

    def __add__(self, rhs):
        rhs = rhs if isinstance(rhs, Value) else Value(rhs)
        res = Value(self.data + rhs.data, (self, rhs), '+')

        def _backward():
            # gradient flows to both sides unchanged
            self.grad = self.grad + res.grad
            rhs.grad = rhs.grad + res.grad

        res._backward = _backward
        return res

    def __neg__(self):
        res = Value(-self.data, (self,), 'neg')

        def _backward():
            self.grad = self.grad - res.grad

        res._backward = _backward
        return res

    def relu(self):
        res = Value(0 if self.data < 0 else self.data, (self,), 'ReLU')

        def _backward():
            self.grad = self.grad + (res.data > 0) * res.grad

        res._backward = _backward
        return res


def gradient_pair(f, at, step=1e-6):
    '''(autograd derivative, central difference) of f at the point `at`.'''
    leaf = Value(at)
    top = f(leaf)
    top.grad = 1.0
    nodes = postorder(top)
    i = len(nodes) - 1
    while i >= 0:
        nodes[i]._backward()
        i -= 1
    approx = (f(Value(at + step)).data - f(Value(at - step)).data) / (2 * step)
    return leaf.grad, approx


def postorder(top):
    acc, marked = [], set()

    def go(node):
        if node in marked:
            return
        marked.add(node)
        for parent in node._prev:
            go(parent)
        acc.append(node)

    go(top)
    return acc


if __name__ == '__main__':
    random.seed(0)
    n = 0
    while n < 5:
        print(gradient_pair(lambda v: v * v / (v - 0.1) - v, random.uniform(0.5, 3)))
        n += 1
