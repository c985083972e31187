"""Autograd on scalars.

Derived from micrograd (https://github.com/karpathy/micrograd) by Andrej Karpathy, released under the MIT License:
Copyright (c) 2020 Andrej Karpathy. Permission is hereby granted, free of charge, to any person obtaining a copy of
this software, subject to the condition that the above copyright notice and this permission notice be included in all
copies or substantial portions of the Software.
"""
from math import exp as _e, log as _ln


class Value:

    def __init__(self, data, _children=(), _op=''):
        self.data, self.grad = data, 0
        self._backward = lambda: None
        self._prev, self._op = set(_children), _op

    # ---------------------------------------------------------------- core

    def __mul__(self, that):
        that = that if isinstance(that, Value) else Value(that)
        node = Value(self.data * that.data, (self, that), '*')

        def _backward():
            that.grad += node.grad * self.data
            self.grad += node.grad * that.data
        node._backward = _backward
        return node

    def __add__(self, that):
        that = that if isinstance(that, Value) else Value(that)
        node = Value(self.data + that.data, (self, that), '+')

        def _backward():
            that.grad += node.grad
            self.grad += node.grad
        node._backward = _backward
        return node

    def __pow__(self, n):
        assert isinstance(n, (int, float)), "only supporting int/float powers for now"
        node = Value(self.data ** n, (self,), '**{}'.format(n))

        def _backward():
            self.grad += node.grad * (n * self.data ** (n - 1))
        node._backward = _backward
        return node

    def relu(self):
        node = Value(self.data if self.data > 0 else 0, (self,), 'ReLU')

        def _backward():
            self.grad += node.grad * (node.data > 0)
        node._backward = _backward
        return node

    def exp(self):
        node = Value(_e(self.data), (self,), 'exp')

        def _backward():
            self.grad += node.grad * node.data
        node._backward = _backward
        return node

    def log(self):
        node = Value(_ln(self.data), (self,), 'log')

        def _backward():
            self.grad += node.grad / self.data
        node._backward = _backward
        return node

    def tanh(self):
        e2 = _e(2 * self.data)
        t = (e2 - 1) / (e2 + 1)
        node = Value(t, (self,), 'tanh')

        def _backward():
            self.grad += node.grad * (1 - t ** 2)
        node._backward = _backward
        return node

    # ------------------------------------------------------------- derived

    def __rtruediv__(self, that):
        return that * self ** -1

    def __truediv__(self, that):
        return self * that ** -1

    def __rmul__(self, that):
        return self * that

    def __rsub__(self, that):
        return that + (-self)

    def __sub__(self, that):
        return self + (-that)

    def __radd__(self, that):
        return self + that

    def __neg__(self):
        return self * -1

    # ------------------------------------------------------------ backprop

    def backward(self):
        topo, visited = [], set()

        def build_topo(v):
            if v not in visited:
                visited.add(v)
                for child in v._prev:
                    build_topo(child)
                topo.append(v)

        build_topo(self)
        self.grad = 1
        for v in topo[::-1]:
            v._backward()

    def __repr__(self):
        return "Value(data={}, grad={})".format(self.data, self.grad)
