"""A scalar-valued reverse-mode autograd engine.

Every operation makes a new `Value` that remembers its inputs and a small
`_backward` closure. The closure knows only its own *local* derivative and
multiplies it by the gradient arriving from above (`out.grad`): the chain rule,
one node at a time. Calling those closures from the output back to the inputs
is backpropagation.
"""

import math


class Value:
    """A scalar, the gradient of the final output with respect to it, and how it was made."""

    def __init__(self, data, _children=(), _op=""):
        self.data = data
        self.grad = 0
        self._backward = lambda: None
        self._prev = tuple(dict.fromkeys(_children))
        self._op = _op

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"

    # -- building the order ----------------------------------------------------

    def _postorder(self):
        """Nodes in an order where every node comes after its inputs."""
        result = []
        seen = {self}
        path = [self]
        pos = [0]
        while path:
            n = path[-1]
            k = pos[-1]
            if k == len(n._prev):
                path.pop()
                pos.pop()
                result.append(n)
                continue
            pos[-1] = k + 1
            nxt = n._prev[k]
            if nxt in seen:
                continue
            seen.add(nxt)
            path.append(nxt)
            pos.append(0)
        return result

    def backward(self):
        order = self._postorder()
        self.grad = 1
        while order:
            order.pop()._backward()

    # -- operations ------------------------------------------------------------

    def tanh(self):
        res = Value(math.tanh(self.data), (self,), "tanh")

        def _backward():
            y = res.data
            self.grad += (1 - y * y) * res.grad

        res._backward = _backward
        return res

    def relu(self):
        res = Value(0 if self.data < 0 else self.data, (self,), "ReLU")

        def _backward():
            self.grad += (res.data > 0) * res.grad

        res._backward = _backward
        return res

    def __add__(self, rhs):
        rhs = rhs if isinstance(rhs, Value) else Value(rhs)
        res = Value(self.data + rhs.data, (self, rhs), "+")

        def _backward():
            for v in (self, rhs):
                v.grad += res.grad

        res._backward = _backward
        return res

    def __mul__(self, rhs):
        rhs = rhs if isinstance(rhs, Value) else Value(rhs)
        res = Value(self.data * rhs.data, (self, rhs), "*")

        def _backward():
            g = res.grad
            self.grad += g * rhs.data
            rhs.grad += g * self.data

        res._backward = _backward
        return res

    def __radd__(self, lhs):
        return self + lhs

    def __rmul__(self, lhs):
        return self * lhs
