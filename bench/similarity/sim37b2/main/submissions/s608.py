"""Backprop by hand, part 1: the product rule.

Companion code for the blog post "Backprop by hand" (part 1 of 3). A tiny
scalar Value class; in this part nothing calls the rules for you: you set the
output's gradient to 1 and call each node's _backward() yourself, from the
output back to the inputs. Part 2 adds accumulation (+=), part 3 backward().

Released into the public domain (CC0 1.0): copy, adapt, no attribution needed.
"""

import math


class Value:
    """A number, its gradient, and the nodes it came from."""

    def __init__(self, data, _children=(), _op=""):
        self.data = data
        self.grad = 0
        self._backward = lambda: None
        self._prev = tuple(_children)
        self._op = _op

    def __add__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        out = Value(self.data + other.data, (self, other), "+")

        def _backward():
            upstream = out.grad
            self.grad = 1.0 * upstream
            other.grad = 1.0 * upstream

        out._backward = _backward
        return out

    def __mul__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        out = Value(self.data * other.data, (self, other), "*")

        def _backward():
            upstream = out.grad  # dL/d(out), already filled in by the caller
            # d(out)/d(self) is the other factor, d(out)/d(other) is self:
            local_self, local_other = other.data, self.data
            self.grad = local_self * upstream  # chain rule, factor 1
            other.grad = local_other * upstream  # chain rule, factor 2

        out._backward = _backward
        return out

    def relu(self):
        out = Value(0 if self.data < 0 else self.data, (self,), "ReLU")

        def _backward():
            upstream = out.grad
            self.grad = (out.data > 0) * upstream

        out._backward = _backward
        return out

    def __radd__(self, other):
        return self + other

    def __rmul__(self, other):
        return self * other

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"


def show(**values):
    """Print name=grad for each Value, on one line."""
    print("  ".join(f"{name}.grad={v.grad:+.3f}" for name, v in values.items()))


if __name__ == "__main__":
    # The post's running example: L = (a * b) * c, rules called by hand
    a, b, c = Value(2.0), Value(-3.0), Value(0.5)
    ab = a * b
    L = ab * c
    L.grad = 1.0  # dL/dL
    L._backward()  # gives ab and c their gradients
    ab._backward()  # passes ab.grad on to a and b
    show(a=a, b=b, c=c, ab=ab)  # a.grad=-1.500  b.grad=+1.000  c.grad=-6.000  ab.grad=+0.500
