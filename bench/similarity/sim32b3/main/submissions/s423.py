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
        self.grad = 0  # gradient starts at zero
        self._backward = lambda: None  # leaves do nothing
        # The inputs, each once, in the order given. (A set would iterate in
        # memory-address order, so gradients summed along several paths could
        # differ in the last bit from one run to the next.)
        self._prev = tuple(dict.fromkeys(_children))
        self._op = _op  # op name

    # -- the basic operations: each knows its own local derivative -------------

    @staticmethod
    def _to_value(x):
        """wrap plain numbers"""
        return x if isinstance(x, Value) else Value(x)

    def __add__(self, rhs):
        rhs = Value._to_value(rhs)
        node = Value(self.data + rhs.data, (self, rhs), "+")

        def _backward():
            # d(a + b)/da = 1 and d(a + b)/db = 1: the gradient passes through.
            # += because a node used twice receives gradient along both paths.
            self.grad += node.grad
            rhs.grad += node.grad

        node._backward = _backward
        return node

    def __mul__(self, rhs):
        rhs = Value._to_value(rhs)
        node = Value(self.data * rhs.data, (self, rhs), "*")

        def _backward():
            # d(a * b)/da = b and d(a * b)/db = a: each gets the *rhs* operand
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

    def tanh(self):
        t = math.tanh(self.data)
        node = Value(t, (self,), "tanh")
        node._cached_tanh = t  # stash tanh so backward can reuse it

        def _backward():
            self.grad += (1 - node._cached_tanh ** 2) * node.grad

        node._backward = _backward
        return node

    def __neg__(self):
        return self * -1

    def __sub__(self, rhs):
        return self + (-Value._to_value(rhs))

    # -- backpropagation -------------------------------------------------------

    def backward(self):
        """Add d(self)/d(v) into v.grad for every v that self depends on, starting from d(self)/d(self) = 1."""
        # Topological order: every node after all of its inputs. Depth-first
        # with a seen set, but with an explicit stack instead of recursion,
        # so a chain 100,000 nodes long does not hit Python's recursion limit.
        ordering, seen = [], set()
        stack = [(self, False)]
        while stack:
            node, expanded = stack.pop()
            if expanded:
                ordering.append(node)
            elif node not in seen:
                seen.add(node)
                stack.append((node, True))
                for child in node._prev:
                    if child not in seen:
                        stack.append((child, False))

        # dL/dL = 1: the seed that every rhs gradient is a multiple of
        self.grad = 1
        # go backwards through the ordering
        for node in reversed(ordering):
            node._backward()

    # -- derived operations: their gradients come "for free" -------------------

    def __radd__(self, rhs):  # rhs + self
        return self + rhs

    def __rmul__(self, rhs):  # rhs * self
        return self * rhs

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"
