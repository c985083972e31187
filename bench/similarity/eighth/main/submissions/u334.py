"""A scalar-valued reverse-mode autograd engine.

Every operation makes a new `Value` that remembers its inputs and a small
`_backward` closure. The closure knows only its own *local* derivative and
multiplies it by the gradient arriving from above (`o.grad`): the chain rule,
one o at a time. Calling those closures from the output back to the inputs
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

    def __add__(self, y):
        y = y if isinstance(y, Value) else Value(y)
        o = Value(self.data + y.data, (self, y), "+")

        def _backward():
            self.grad = self.grad + o.grad
            y.grad = y.grad + o.grad

        o._backward = _backward
        return o

    def __radd__(self, y):
        return self + y

    def __mul__(self, y):
        y = y if isinstance(y, Value) else Value(y)
        o = Value(self.data * y.data, (self, y), "*")

        def _backward():
            self.grad = self.grad + y.data * o.grad
            y.grad = y.grad + self.data * o.grad

        o._backward = _backward
        return o

    def __rmul__(self, y):
        return self * y

    def __neg__(self):
        return self * -1

    def __sub__(self, y):
        if isinstance(y, (int, float)):
            return self + (-y)
        return self + y * -1

    def __rsub__(self, y):
        return self * -1 + y

    def __truediv__(self, y):
        if isinstance(y, (int, float)):
            if y == 0:
                raise ZeroDivisionError("division of a Value by zero")
            return self * (1 / y)
        return self * y ** -1

    def __rtruediv__(self, y):
        return self ** -1 * y

    def __pow__(self, k):
        """self ** k, for a constant int or float k."""
        assert isinstance(k, (int, float)), "exponent must be a number"
        assert k != 0 or self.data != 0, "0 ** 0 is not differentiable here"
        o = Value(self.data ** k, (self,), "**%g" % k)

        def _backward():
            self.grad = self.grad + o.grad * k * (self.data ** (k - 1))

        o._backward = _backward
        return o

    def relu(self):
        o = Value(0 if self.data < 0 else self.data, (self,), "ReLU")

        def _backward():
            self.grad = self.grad + (o.data > 0) * o.grad

        o._backward = _backward
        return o

    def tanh(self):
        t = math.tanh(self.data)
        o = Value(t, (self,), "tanh")

        def _backward():
            self.grad = self.grad + (1 - t**2) * o.grad

        o._backward = _backward
        return o

    def exp(self):
        o = Value(math.exp(self.data), (self,), "exp")

        def _backward():
            self.grad = self.grad + o.grad * o.data

        o._backward = _backward
        return o

    def log(self):
        assert self.data > 0, "log of a non-positive number"
        o = Value(math.log(self.data), (self,), "log")

        def _backward():
            self.grad = self.grad + o.grad / self.data

        o._backward = _backward
        return o

    def backward(self):
        """Add d(self)/d(v) into v.grad for every v that self depends on, starting from d(self)/d(self) = 1."""
        order, seen = [], set()
        todo = [(self, False)]
        while todo:
            o, ready = todo.pop()
            if ready:
                order.append(o)
            elif o not in seen:
                seen.add(o)
                todo.append((o, True))
                for c in o._prev:
                    if c not in seen:
                        todo.append((c, False))

        self.grad = 1
        for o in reversed(order):
            o._backward()

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"
