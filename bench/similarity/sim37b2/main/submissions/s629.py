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
            g = out.grad
            self.grad, other.grad = other.data * g, self.data * g

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


    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"


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


def print_grads(**named):
    """Print name=grad for each Value, on one line."""
    print('  '.join(f"{name}.grad={v.grad:+.3f}" for name, v in named.items()))


if __name__ == '__main__':
    a, b, c = Value(2.0), Value(-3.0), Value(0.5)
    prod = a * b
    loss = prod * c
    loss.grad = 1.0
    loss._backward()
    prod._backward()
    print_grads(a=a, b=b, c=c, prod=prod)
