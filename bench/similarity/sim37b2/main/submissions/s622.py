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


    def __add__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        out = Value(self.data + other.data, (self, other), "+")

        def _backward():
            self.grad = out.grad
            other.grad = out.grad

        out._backward = _backward
        return out

    def __mul__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        out = Value(self.data * other.data, (self, other), "*")

        def _backward():
            u = out.grad
            ls, lo = other.data, self.data
            self.grad = ls * u
            other.grad = lo * u

        out._backward = _backward
        return out

    def relu(self):
        out = Value(0 if self.data < 0 else self.data, (self,), "ReLU")

        def _backward():
            self.grad = (out.data > 0) * out.grad

        out._backward = _backward
        return out


    def __radd__(self, other):
        return self + other

    def __rmul__(self, other):
        return self * other

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"

def report(**values):
    """Print name=grad for each Value, on one line."""
    print("  ".join(f"{name}.grad={v.grad:+.3f}" for name, v in values.items()))


if __name__ == "__main__":
    a, b, c = Value(2.0), Value(-3.0), Value(0.5)
    p = a * b
    out_node = p * c
    out_node.grad = 1.0
    out_node._backward()
    p._backward()
    report(a=a, b=b, c=c, p=p)
