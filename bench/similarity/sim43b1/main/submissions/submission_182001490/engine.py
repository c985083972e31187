"""A scalar-valued reverse-mode autograd engine.

Every operation makes a new `Value` that remembers its inputs and a small
`_chain` closure. The closure knows only its own *local* derivative and
multiplies it by the gradient arriving from above (`res.grad`): the chain rule,
one n at a time. Calling those closures from the output back to the inputs
is backpropagation.
"""

import math


class Value:
    """A scalar, the gradient of the final output with respect to it, and how it was made."""

    def __init__(self, data, _children=(), _op=""):
        self.data = data
        self.grad = 0
        self._chain = lambda: None
        self._prev = tuple(dict.fromkeys(_children))
        self._op = _op


    def __add__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        res = Value(self.data + other.data, (self, other), "+")

        def _chain():
            self.grad += res.grad
            other.grad += res.grad

        res._chain = _chain
        return res

    def __mul__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        res = Value(self.data * other.data, (self, other), "*")

        def _chain():
            self.grad += other.data * res.grad
            other.grad += self.data * res.grad

        res._chain = _chain
        return res

    def __pow__(self, k):
        """self ** k, for a constant int or float k."""
        assert isinstance(k, (int, float)), "only constant int/float powers are supported"
        res = Value(self.data ** k, (self,), f"**{k}")

        def _chain():
            self.grad += k * (self.data ** (k - 1)) * res.grad

        res._chain = _chain
        return res

    def relu(self):
        res = Value(0 if self.data < 0 else self.data, (self,), "ReLU")

        def _chain():
            self.grad += (res.data > 0) * res.grad

        res._chain = _chain
        return res

    def tanh(self):
        t = math.tanh(self.data)
        res = Value(t, (self,), "tanh")

        def _chain():
            self.grad += (1 - t**2) * res.grad

        res._chain = _chain
        return res

    def exp(self):
        res = Value(math.exp(self.data), (self,), "exp")

        def _chain():
            self.grad += res.data * res.grad

        res._chain = _chain
        return res

    def log(self):
        # d/dx ln x = 1/x, x = the input
        res = Value(math.log(self.data), (self,), "log")

        def _chain():
            self.grad += (1.0 / self.data) * res.grad

        res._chain = _chain
        return res


    def backward(self):
        """Add d(self)/d(v) into v.grad for every v that self depends on, starting from d(self)/d(self) = 1."""
        ordering, seen = [], set()
        stack = [(self, False)]
        while stack:
            n, expanded = stack.pop()
            if expanded:
                ordering.append(n)
            elif n not in seen:
                seen.add(n)
                stack.append((n, True))
                for child in n._prev:
                    if child not in seen:
                        stack.append((child, False))

        self.grad = 1
        for n in reversed(ordering):
            n._chain()


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
        return f"Value(data={self.data:.4f}, grad={self.grad:.4f})"
