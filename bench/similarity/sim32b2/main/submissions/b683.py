"""Autograd engine, exercise 05."""
import math


class Value:
    """A scalar in the graph."""

    def __init__(self, data, _children=(), _op=""):
        self.data = data
        self.grad = 0
        self._backward = lambda: None
        self._prev = tuple(dict.fromkeys(_children))
        self._op = _op
        self._order = None  # filled by the first backward() from this node

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

    def _sorted_graph(self):
        # a post-order built by "expanding" each node once; expanded nodes are finished when met again
        finished, expanded, result = set(), set(), []
        pending = [self]
        while pending:
            v = pending.pop()
            if v in finished:
                continue
            if v in expanded:
                finished.add(v)
                result.append(v)
            else:
                expanded.add(v)
                pending += [v] + [w for w in v._prev if w not in expanded]
        return result

    def backward(self):
        self._order = self._order or self._sorted_graph()
        self.grad = 1
        list(map(lambda v: v._backward(), self._order[::-1]))

    def __radd__(self, other):
        return self + other

    def __rmul__(self, other):
        return self * other

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"
