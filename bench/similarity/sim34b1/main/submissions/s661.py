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

    def _unary(self, value, slope, tag):
        """A one-input node whose local derivative is the number SLOPE."""
        node = Value(value, (self,), tag)

        def _backward():
            self.grad += slope * node.grad

        node._backward = _backward
        return node

    def __add__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        node = Value(self.data + other.data, (self, other), "+")

        def _backward():
            self.grad += node.grad
            other.grad += node.grad

        node._backward = _backward
        return node

    def __mul__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        node = Value(self.data * other.data, (self, other), "*")

        def _backward():
            self.grad += other.data * node.grad
            other.grad += self.data * node.grad

        node._backward = _backward
        return node

    def relu(self):
        return self._unary(max(self.data, 0), 1.0 if self.data > 0 else 0.0, "ReLU")

    def exp(self):
        e = math.exp(self.data)
        return self._unary(e, e, "exp")

    def sigmoid(self):
        sg = 1 / (1 + math.exp(-self.data))
        return self._unary(sg, sg * (1 - sg), "sigmoid")

    def tanh(self):
        # via the sigmoid identity tanh(x) = 2 sigma(2x) - 1
        th = 2 / (1 + math.exp(-2 * self.data)) - 1
        return self._unary(th, 1 - th ** 2, "tanh")

    def __radd__(self, other):
        return self + other

    def __rmul__(self, other):
        return self * other

    def backprop(self):
        """Topological order with an explicit stack, then every rule from the output back."""
        order, seen, stack = [], set(), [self]
        while stack:
            v = stack[-1]
            if v not in seen:
                seen.add(v)
                stack.extend(u for u in v._prev if u not in seen)
            else:
                stack.pop()
                if v not in order:
                    order.append(v)
        self.grad = 1.0
        for v in reversed(order):
            v._backward()

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"


def fit(steps=100, lr=0.02):
    """One weight, two samples (so the weight is used twice per step): w should end near 2."""
    w = Value(0.1)
    for _ in range(steps):
        w.grad = 0
        r1 = w * 1.0 + -2.0
        r2 = w * 2.0 + -4.0
        (r1 * r1 + r2 * r2).backprop()
        w.data -= lr * w.grad
    return w


if __name__ == "__main__":
    print(fit())
