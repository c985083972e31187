"""A scalar-valued reverse-mode autograd engine.

Every operation makes a new `Value` that remembers its inputs and a small
`_backward` closure. The closure knows only its own *local* derivative and
multiplies it by the gradient arriving from above (`out.grad`): the chain rule,
one node at a time. Calling those closures from the output back to the inputs
is backpropagation.
"""

import math
from functools import partial


# -- the local rules, one function per operation ---------------------------------
# each gets the inputs and the result node, and sets the inputs' gradients

def _add_rule(a, b, out):
    a.grad = out.grad
    b.grad = out.grad


def _mul_rule(a, b, out):
    a.grad, b.grad = b.data * out.grad, a.data * out.grad


def _relu_rule(a, out):
    a.grad = (out.data > 0) * out.grad


class Value:
    """A scalar, the gradient of the final output with respect to it, and how it was made."""

    def __init__(self, data, _children=(), _op=""):
        self.data = data
        self.grad = 0
        self._backward = lambda: None
        self._prev = tuple(dict.fromkeys(_children))
        self._op = _op

    @staticmethod
    def _lift(x):
        return x if isinstance(x, Value) else Value(x)

    def _node(self, data, inputs, op, rule):
        out = Value(data, inputs, op)
        out._backward = partial(rule, *inputs, out)
        return out

    def __add__(self, other):
        other = Value._lift(other)
        return self._node(self.data + other.data, (self, other), "+", _add_rule)

    def __mul__(self, other):
        other = Value._lift(other)
        return self._node(self.data * other.data, (self, other), "*", _mul_rule)

    def relu(self):
        return self._node(0 if self.data < 0 else self.data, (self,), "ReLU", _relu_rule)

    def __radd__(self, other):
        return self + other

    def __rmul__(self, other):
        return self * other

    def _walk(self):
        """Yield every node under self once, each after all of its inputs."""
        done, trail = {self}, [(self, iter(self._prev))]
        while trail:
            node, children = trail[-1]
            child = next((c for c in children if c not in done), None)
            if child is None:
                trail.pop()
                yield node
            else:
                done.add(child)
                trail.append((child, iter(child._prev)))

    def backward(self):
        """All the rules from self back (ahead of exercise 05)."""
        self.grad = 1.0
        for node in reversed(list(self._walk())):
            node._backward()

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"


def descend_once(w0, x0, target, lr=0.1):
    """One gradient step on y = w * x towards TARGET; returns (dy/dw, the new w)."""
    w, x = Value(w0), Value(x0)
    y = w * x
    y.backward()
    return w.grad, w.data - lr * w.grad * (y.data - target)


if __name__ == "__main__":
    slope, new_w = descend_once(1.0, 3.0, 6.0)
    print("dy/dw =", slope)
    print("new w:", new_w)
