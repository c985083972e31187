"""Scalar autograd engine with a generator-based topological sort."""

import math


class Value:
    """A scalar value with a gradient and a record of how it was computed."""

    def __init__(self, data, _children=(), _op=""):
        self.data = data
        self.grad = 0
        self._backward = lambda: None
        self._prev = tuple(dict.fromkeys(_children))
        self._op = _op

    def __add__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        out = Value(self.data + other.data, (self, other), "+")

        def _backward():
            self.grad += out.grad
            other.grad += out.grad

        out._backward = _backward
        return out

    def __mul__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        out = Value(self.data * other.data, (self, other), "*")

        def _backward():
            self.grad += other.data * out.grad
            other.grad += self.data * out.grad

        out._backward = _backward
        return out

    def relu(self):
        out = Value(0 if self.data < 0 else self.data, (self,), "ReLU")

        def _backward():
            self.grad += (out.data > 0) * out.grad

        out._backward = _backward
        return out

    def _placed(self, index):
        """Yield the graph below self in topological order, recording each node's index by id."""
        if id(self) in index:
            return
        for src in self._prev:
            yield from src._placed(index)
        index[id(self)] = len(index)
        yield self

    def backward(self):
        graph = list(self._placed({}))
        self.grad = 1
        for k in range(len(graph) - 1, -1, -1):
            graph[k]._backward()

    def __radd__(self, other):
        return self + other

    def __rmul__(self, other):
        return self * other

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"
