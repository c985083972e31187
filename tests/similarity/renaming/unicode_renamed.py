"""unicode_source.py with every name it binds renamed to ASCII (the fullwidth one among them), as a renaming script
would; the API's words it binds (`data`, the closures' `_backward`) kept: the code is the same."""
import math


class Value:
    def __init__(self, data, children=(), op=""):
        self.data = data
        self.grad = 0.0
        self._backward = lambda: None
        self._prev = tuple(children)
        self._op = op

    def __add__(self, rhs):
        rhs = rhs if isinstance(rhs, Value) else Value(rhs)
        res = Value(self.data + rhs.data, (self, rhs), "+")

        def _backward():
            self.grad += res.grad
            rhs.grad += res.grad

        res._backward = _backward
        return res

    def __mul__(self, rhs):
        rhs = rhs if isinstance(rhs, Value) else Value(rhs)
        res = Value(self.data * rhs.data, (self, rhs), "*")

        def _backward():
            self.grad += rhs.data * res.grad
            rhs.grad += self.data * res.grad

        res._backward = _backward
        return res

    def tanh(self):
        t = math.tanh(self.data)
        res = Value(t, (self,), "tanh")

        def _backward():
            self.grad += (1 - t ** 2) * res.grad

        res._backward = _backward
        return res

    def backward(self):
        order, visited = [], set()

        def visit(node):
            if node not in visited:
                visited.add(node)
                for child in node._prev:
                    visit(child)
                order.append(node)

        visit(self)
        self.grad = 1.0
        for node in reversed(order):
            node._backward()

    def __radd__(self, rhs):
        return self + rhs

    def __rmul__(self, rhs):
        return self * rhs
