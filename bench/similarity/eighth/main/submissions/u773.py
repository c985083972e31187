# Ruth O. -- engine for sheet 4
# Closures for the local rules; for the backward pass I count, for every node,
# how many nodes use it, and release it once all of them have sent their gradient
# (so no recursion and no reversed list).

import math
from collections import deque


class Value:
    def __init__(self, data, children=(), op=''):
        self.data = data
        self.grad = 0
        self._children = tuple(children)
        self._op = op
        self._backward = lambda: None

    def __add__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        out = Value(self.data + other.data, (self, other), '+')
        def _backward():
            self.grad += out.grad
            other.grad += out.grad
        out._backward = _backward
        return out

    def __mul__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        out = Value(self.data * other.data, (self, other), '*')
        def _backward():
            self.grad += other.data * out.grad
            other.grad += self.data * out.grad
        out._backward = _backward
        return out

    def __pow__(self, e):
        assert isinstance(e, (int, float))
        out = Value(self.data ** e, (self,), '**')
        def _backward():
            self.grad += e * self.data ** (e - 1) * out.grad
        out._backward = _backward
        return out

    def relu(self):
        out = Value(self.data * (self.data > 0), (self,), 'relu')
        def _backward():
            self.grad += (self.data > 0) * out.grad
        out._backward = _backward
        return out

    def tanh(self):
        out = Value(math.tanh(self.data), (self,), 'tanh')
        def _backward():
            self.grad += (1 - out.data ** 2) * out.grad
        out._backward = _backward
        return out

    def exp(self):
        out = Value(math.exp(self.data), (self,), 'exp')
        def _backward():
            self.grad += out.data * out.grad
        out._backward = _backward
        return out

    def log(self):
        out = Value(math.log(self.data), (self,), 'log')
        def _backward():
            self.grad += out.grad / self.data
        out._backward = _backward
        return out

    def backward(self):
        # pass 1: how many parents does every node have in this graph?
        pending = {self: 0}
        queue = deque([self])
        while queue:
            node = queue.popleft()
            for child in node._children:
                if child not in pending:
                    pending[child] = 0
                    queue.append(child)
                pending[child] += 1
        # pass 2: release nodes whose parents have all been processed
        self.grad = 1
        queue = deque([self])
        while queue:
            node = queue.popleft()
            node._backward()
            for child in node._children:
                pending[child] -= 1
                if pending[child] == 0:
                    queue.append(child)

    def __neg__(self):
        return self * -1

    def __radd__(self, other):
        return self + other

    def __sub__(self, other):
        return self + (-other)

    def __rsub__(self, other):
        return other + (-self)

    def __rmul__(self, other):
        return self * other

    def __truediv__(self, other):
        return self * other ** -1

    def __rtruediv__(self, other):
        return other * self ** -1

    def __repr__(self):
        return f'Value(data={self.data}, grad={self.grad})'
