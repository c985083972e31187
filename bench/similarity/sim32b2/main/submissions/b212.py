"""A scalar-valued reverse-mode autograd engine (ex. 05)."""

import math

# node states for the depth-first search
UNSEEN, ACTIVE, DONE = 0, 1, 2


class Value:
    """Scalar, gradient, and provenance."""

    def __init__(self, data, _children=(), _op=""):
        self.data = data
        self.grad = 0
        self._backward = lambda: None
        self._prev = tuple(dict.fromkeys(_children))
        self._op = _op

    def __rmul__(self, other):  # other * self
        return self * other

    def __radd__(self, other):  # other + self
        return self + other

    def backward(self):
        """Push d(self)/d(v) into v.grad for every v under self."""
        state = {}
        topo = []
        todo = [self]
        while todo:
            v = todo[-1]
            s = state.get(v, UNSEEN)
            if s != UNSEEN:
                todo.pop()
                if s == ACTIVE:
                    state[v] = DONE
                    topo.append(v)
                continue
            state[v] = ACTIVE
            for c in v._prev:
                cs = state.get(c, UNSEEN)
                if cs == ACTIVE:
                    raise RuntimeError("graph has a cycle")
                if cs == UNSEEN:
                    todo.append(c)
        self.grad = 1
        for v in topo[::-1]:
            v._backward()

    def relu(self):
        res = Value(0 if self.data < 0 else self.data, (self,), "ReLU")

        def _backward():
            self.grad = self.grad + (res.data > 0) * res.grad

        res._backward = _backward
        return res

    def __mul__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        res = Value(self.data * other.data, (self, other), "*")

        def _backward():
            self.grad = self.grad + other.data * res.grad
            other.grad = other.grad + self.data * res.grad

        res._backward = _backward
        return res

    def __add__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        res = Value(self.data + other.data, (self, other), "+")

        def _backward():
            self.grad = self.grad + res.grad
            other.grad = other.grad + res.grad

        res._backward = _backward
        return res

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"
