"""A scalar-valued reverse-mode autograd engine.

Every operation makes a new `Value` that remembers its inputs and a small
`_backward` closure. The closure knows only its own local derivative and
multiplies it by the gradient arriving from above: the chain rule, one node at
a time. Calling the closures from the output back to the inputs is backprop.
"""

import math


class Value:
    """A scalar, its gradient, and how it was made."""

    def __init__(self, data, _children=(), _op=""):
        self.data = data
        self.grad = 0
        self._backward = lambda: None
        self._prev = tuple(dict.fromkeys(_children))  # ordered, no duplicates
        self._op = _op

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"

    # derived operations

    def __rtruediv__(self, rhs):  # rhs / self
        rhs = rhs if isinstance(rhs, Value) else Value(rhs)
        return rhs.__truediv__(self)

    def __truediv__(self, rhs):  # self / rhs
        rhs = rhs if isinstance(rhs, Value) else Value(rhs)
        return self.__mul__(rhs.__pow__(-1))

    def __rsub__(self, rhs):  # rhs - self
        rhs = rhs if isinstance(rhs, Value) else Value(rhs)
        return rhs.__sub__(self)

    def __sub__(self, rhs):  # self - rhs
        rhs = rhs if isinstance(rhs, Value) else Value(rhs)
        return self.__add__(rhs.__neg__())

    def __neg__(self):  # -self
        return self.__mul__(Value(-1))

    def __rmul__(self, rhs):
        return self * rhs

    def __radd__(self, rhs):
        return self + rhs

    # basic operations

    def log(self):
        node = Value(math.log(self.data), (self,), "log")

        def _backward():
            local_d = 1 / self.data
            self.grad = self.grad + local_d * node.grad

        node._backward = _backward
        return node

    def exp(self):
        node = Value(math.exp(self.data), (self,), "exp")

        def _backward():
            local_d = node.data
            self.grad = self.grad + local_d * node.grad

        node._backward = _backward
        return node

    def __pow__(self, k):
        assert isinstance(k, (int, float)), "constant int/float powers only"
        node = Value(self.data ** k, (self,), f"**{k}")

        def _backward():
            local_d = k * (self.data ** (k - 1))
            self.grad = self.grad + local_d * node.grad

        node._backward = _backward
        return node

    def tanh(self):
        t = math.tanh(self.data)
        node = Value(t, (self,), "tanh")

        def _backward():
            local_d = 1 - t**2
            self.grad = self.grad + local_d * node.grad

        node._backward = _backward
        return node

    def relu(self):
        node = Value(0 if self.data < 0 else self.data, (self,), "ReLU")

        def _backward():
            self.grad = self.grad + (node.data > 0) * node.grad

        node._backward = _backward
        return node

    def __mul__(self, rhs):
        rhs = rhs if isinstance(rhs, Value) else Value(rhs)
        node = Value(self.data * rhs.data, (self, rhs), "*")

        def _backward():
            self.grad = self.grad + rhs.data * node.grad
            rhs.grad = rhs.grad + self.data * node.grad

        node._backward = _backward
        return node

    def __add__(self, rhs):
        rhs = rhs if isinstance(rhs, Value) else Value(rhs)
        node = Value(self.data + rhs.data, (self, rhs), "+")

        def _backward():
            self.grad = self.grad + node.grad
            rhs.grad = rhs.grad + node.grad

        node._backward = _backward
        return node

    # backpropagation

    def backward(self):
        """Fill in .grad of everything self depends on."""
        order = []
        visited = set()
        pending = [(self, False)]
        while pending:
            v, ready = pending.pop()
            if ready:
                order.append(v)
                continue
            if v in visited:
                continue
            visited.add(v)
            pending.append((v, True))
            pending.extend((c, False) for c in v._prev if c not in visited)

        self.grad = 1
        for v in order[::-1]:
            v._backward()
