"""A scalar-valued reverse-mode autograd engine.

Every operation makes a new `Value` that remembers its inputs and a small
`_backward` closure. The closure knows only its own *local* derivative and
multiplies it by the gradient arriving from above (`node.grad`): the chain rule,
one node at a time. Calling those closures from the output back to the inputs
is backpropagation.
"""

import math


class Value:
    """A scalar, the gradient of the final output with respect to it, and how it was made."""

    def __init__(self, data, _children=(), _op=""):
        self.data = data
        self.grad = 0  # starts at zero
        self._backward = lambda: None  # a leaf passes nothing on
        # The inputs, each once, in the order given. (A set would iterate in
        # memory-address order, so gradients summed along several paths could
        # differ in the last bit from one run to the next.)
        self._prev = tuple(dict.fromkeys(_children))
        self._op = _op  # for printing and drawing graphs

    # -- the basic operations: each knows its own local derivative -------------

    def __add__(self, rhs):
        rhs = rhs if isinstance(rhs, Value) else Value(rhs)
        node = Value(self.data + rhs.data, (self, rhs), "+")

        def _backward():
            # + : both inputs get the upstream gradient
            self.grad += node.grad
            rhs.grad += node.grad

        node._backward = _backward
        return node

    def __mul__(self, rhs):
        rhs = rhs if isinstance(rhs, Value) else Value(rhs)
        node = Value(self.data * rhs.data, (self, rhs), "*")

        def _backward():
            # * : swap the operands
            self.grad += rhs.data * node.grad
            rhs.grad += self.data * node.grad

        node._backward = _backward
        return node

    def relu(self):
        node = Value(0 if self.data < 0 else self.data, (self,), "ReLU")

        def _backward():
            # 1 where the output is positive, else 0 (so relu'(0) = 0)
            self.grad += (node.data > 0) * node.grad

        node._backward = _backward
        return node

    # -- derived operations: their gradients come "for free" -------------------

    def __radd__(self, rhs):  # rhs + self
        return self + rhs

    def __rmul__(self, rhs):  # rhs * self
        return self * rhs

    def exp(self):
        node = Value(math.exp(self.data), (self,), "exp")

        def _backward():
            self.grad += node.data * node.grad  # exp is its own derivative

        node._backward = _backward
        return node

    def tanh(self):
        # hyperbolic tangent via exponentials, d/dx = 1 - th^2
        x = self.data
        th = (math.exp(2 * x) - 1) / (math.exp(2 * x) + 1)
        node = Value(th, (self,), "tanh")

        def _backward():
            self.grad += (1 - th ** 2) * node.grad

        node._backward = _backward
        return node

    def softplus(self):
        # smooth relu; derivative = sigmoid(x)
        node = Value(math.log1p(math.exp(self.data)), (self,), "softplus")

        def _backward():
            self.grad += node.grad / (1 + math.exp(-self.data))

        node._backward = _backward
        return node

    def backward(self):
        ordering, done = [], set()

        def add_node(v):
            if v not in done:
                done.add(v)
                for c in v._prev:
                    add_node(c)
                ordering.append(v)

        add_node(self)
        self.grad = 1.0
        for v in reversed(ordering):
            v._backward()

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"
