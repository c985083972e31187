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

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"



    def __init__(self, data, _children=(), _op=''):
        self.data = data
        self.grad = 0
        self._backward = lambda: None
        self._prev = tuple(dict.fromkeys(_children))
        self._op = _op


    def __mul__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        out = Value(self.data * other.data, (self, other), '*')

        def _backward():
            g_self = other.data
            g_other = self.data
            self.grad = g_self * out.grad
            other.grad = g_other * out.grad

        out._backward = _backward
        return out



    def __add__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        out = Value(self.data + other.data, (self, other), '+')

        def _backward():
            self.grad = out.grad
            other.grad = out.grad

        out._backward = _backward
        return out


    def __truediv__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        return self * Value(1.0 / other.data)


    def __sub__(self, other):
        return self + (-other if isinstance(other, Value) else -other)


    def __neg__(self):
        return self * -1


    def relu(self):
        out = Value(0 if self.data < 0 else self.data, (self,), 'ReLU')

        def _backward():
            self.grad = (out.data > 0) * out.grad

        out._backward = _backward
        return out



    def __radd__(self, other):
        return self + other


    def __rmul__(self, other):
        return self * other


if __name__ == '__main__':
    x, y = Value(2.5), Value(4.0)
    prod = x * y
    prod.grad = 1.0
    prod._backward()
    print(f"d total/d price = {x.grad}, d total/d qty = {y.grad}")
