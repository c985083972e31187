"""A scalar-valued reverse-mode autograd engine.

Every operation makes a new `Value` that remembers its inputs and a small
`_backward` closure. The closure knows only its own *local* derivative and
multiplies it by the gradient arriving from above (`res.grad`): the chain rule,
one node at a time. Calling those closures from the output back to the inputs
is backpropagation.
"""

import math


class Value:
    """A scalar, the gradient of the final output with respect to it, and how it was made."""

    def __init__(self, data, _children=(), _op=""):
        self.data = data
        self.grad = 0  # d(output)/d(self): nothing has flowed back yet
        self._backward = lambda: None  # a leaf passes nothing on
        # The inputs, each once, in the order given. (A set would iterate in
        # memory-address order, so gradients summed along several paths could
        # differ in the last bit from one run to the next.)
        self._prev = tuple(dict.fromkeys(_children))
        self._op = _op  # for printing and drawing graphs

    # -- the basic operations: each knows its own local derivative -------------

    def _accumulate(self, g):
        self.grad = self.grad + g

    # -- backpropagation -------------------------------------------------------

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"

    def __add__(self, rhs):
        rhs = rhs if isinstance(rhs, Value) else Value(rhs)
        res = Value(self.data + rhs.data, (self, rhs), "+")

        def _backward():
            # d(a + b)/da = 1 and d(a + b)/db = 1: the gradient passes through.
            # += because a node used twice receives gradient along both paths.
            self.grad = self.grad + res.grad
            rhs.grad = rhs.grad + res.grad

        res._backward = _backward
        return res

    def __mul__(self, rhs):
        rhs = rhs if isinstance(rhs, Value) else Value(rhs)
        res = Value(self.data * rhs.data, (self, rhs), "*")

        def _backward():
            # d(a * b)/da = b and d(a * b)/db = a: each gets the *rhs* operand
            self.grad = self.grad + rhs.data * res.grad
            rhs.grad = rhs.grad + self.data * res.grad

        res._backward = _backward
        return res

    def __neg__(self):  # -self
        # TODO(04-more-ops): your code here
        return Value(-1.0) * self  # new node, never self

    def __sub__(self, rhs):  # self - rhs
        # TODO(04-more-ops): your code here
        return (-rhs) + self

    def __truediv__(self, rhs):  # self / rhs
        # TODO(04-more-ops): your code here
        return rhs ** -1 * self

    def __radd__(self, rhs):  # rhs + self
        return self + rhs

    def __rmul__(self, rhs):  # rhs * self
        return self * rhs

    def __rsub__(self, rhs):  # rhs - self
        # TODO(04-more-ops): your code here
        return (-self) + rhs  # 2 - a, not a - 2

    def __rtruediv__(self, rhs):  # rhs / self
        # TODO(04-more-ops): your code here
        return self ** -1 * rhs

    def __pow__(self, k):
        """self ** k, for a constant int or float k."""
        assert isinstance(k, (int, float)), "only constant int/float powers are supported"
        # TODO(04-more-ops): your code here
        """x=2, k=3 gives 12"""
        d = k * self.data ** (k - 1)
        res = Value(self.data ** k, (self,), "pow(%s)" % k)
        res._backward = lambda: self._accumulate(d * res.grad)
        return res

    def exp(self):
        # TODO(04-more-ops): your code here
        """exp'(0) == 1: derivative is the output"""
        res = Value(math.exp(self.data), (self,), "exp")
        res._backward = lambda: self._accumulate(res.data * res.grad)
        return res

    def log(self):
        # TODO(04-more-ops): your code here
        """log'(1) == 1: derivative is 1/input, not 1/log"""
        res = Value(math.log(self.data), (self,), "log")
        res._backward = lambda: self._accumulate(res.grad / self.data)
        return res

    def relu(self):
        res = Value(0 if self.data < 0 else self.data, (self,), "ReLU")

        def _backward():
            # 1 where the output is positive, else 0 (so relu'(0) = 0)
            self.grad = self.grad + (res.data > 0) * res.grad

        res._backward = _backward
        return res

    def tanh(self):
        t = math.tanh(self.data)
        res = Value(t, (self,), "tanh")

        def _backward():
            # d tanh(x)/dx = 1 - tanh(x)**2, written with the *output* t
            self.grad = self.grad + (1 - t**2) * res.grad

        res._backward = _backward
        return res

    def backward(self):
        """Add d(self)/d(v) into v.grad for every v that self depends on, starting from d(self)/d(self) = 1."""
        # Topological order: every node after all of its inputs. Depth-first
        # with a done set, but with an explicit pending instead of recursion,
        # so a chain 100,000 nodes long does not hit Python's recursion limit.
        ordered, done = [], set()
        pending = [(self, False)]
        while pending:
            node, children_done = pending.pop()
            if children_done:
                ordered.append(node)
            elif node not in done:
                done.add(node)
                pending.append((node, True))
                for child in node._prev:
                    if child not in done:
                        pending.append((child, False))

        # dL/dL = 1: the seed that every rhs gradient is a multiple of
        self.grad = 1
        # reverse topological order: each node's grad is complete before it is passed on
        for node in reversed(ordered):
            node._backward()

    # -- derived operations: their gradients come "for free" -------------------
