# Kwame Mensah - autodiff assignment
from collections import deque
from math import exp, tanh as _tanh


class Value:
    """A number that remembers how it was computed."""

    def __init__(self, data, parents=(), label=""):
        self.data = data
        self.grad = 0
        self.parents = parents
        self.label = label
        self.step = lambda: None

    def _accumulate(self, amount):
        self.grad += amount

    def __add__(self, other):
        if not isinstance(other, Value):
            other = Value(other)
        result = Value(self.data + other.data, (self, other), "+")

        def step():
            self._accumulate(result.grad)
            other._accumulate(result.grad)

        result.step = step
        return result

    def __mul__(self, other):
        if not isinstance(other, Value):
            other = Value(other)
        result = Value(self.data * other.data, (self, other), "*")

        def step():
            self._accumulate(other.data * result.grad)
            other._accumulate(self.data * result.grad)

        result.step = step
        return result

    def __radd__(self, other):
        return self + other

    def __rmul__(self, other):
        return self * other

    def __sub__(self, other):
        return self + other * -1

    def __rsub__(self, other):
        return self * -1 + other

    def relu(self):
        result = Value(self.data if self.data > 0 else 0, (self,), "relu")

        def step():
            self._accumulate((1 if self.data > 0 else 0) * result.grad)

        result.step = step
        return result

    def tanh(self):
        result = Value(_tanh(self.data), (self,), "tanh")

        def step():
            self._accumulate((1 - result.data ** 2) * result.grad)

        result.step = step
        return result

    def exp(self):
        result = Value(exp(self.data), (self,), "exp")

        def step():
            self._accumulate(result.data * result.grad)

        result.step = step
        return result

    def backward(self):
        # post-order with a deque used as a stack of (node, expanded)
        ordered, marked = [], set()
        todo = deque([(self, False)])
        while todo:
            node, expanded = todo.pop()
            if expanded:
                ordered.append(node)
            elif node not in marked:
                marked.add(node)
                todo.append((node, True))
                todo.extend((p, False) for p in node.parents if p not in marked)
        self.grad = 1
        while ordered:
            ordered.pop().step()

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad}, label={self.label!r})"
