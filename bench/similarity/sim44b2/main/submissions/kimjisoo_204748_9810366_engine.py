"""A scalar-valued reverse-mode autograd engine.

Every operation makes a new `Value` that remembers its inputs and a small
`_backward` closure. The closure knows only its own *local* derivative and
multiplies it by the gradient arriving from above (`out.grad`): the chain rule,
one node at a time. Calling those closures from the output back to the inputs
is backpropagation.
"""

import math

from collections import Counter, deque


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

    def __add__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        out = Value(self.data + other.data, (self, other), "+")

        def _backward():
            # d(a + b)/da = 1 and d(a + b)/db = 1: the gradient passes through.
            # += because a node used twice receives gradient along both paths.
            self.grad += out.grad
            other.grad += out.grad

        out._backward = _backward
        return out

    def __mul__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        out = Value(self.data * other.data, (self, other), "*")

        def _backward():
            # d(a * b)/da = b and d(a * b)/db = a: each gets the *other* operand
            self.grad += other.data * out.grad
            other.grad += self.data * out.grad

        out._backward = _backward
        return out

    def __pow__(self, k):
        """self ** k, for a constant int or float k."""
        assert isinstance(k, (int, float)), "only constant int/float powers are supported"
        out = Value(self.data ** k, (self,), "pow")

        def _backward():
            self.grad += k * (self.data ** (k - 1)) * out.grad

        out._backward = _backward
        return out

    def relu(self):
        out = Value(0 if self.data < 0 else self.data, (self,), "ReLU")

        def _backward():
            # 1 where the output is positive, else 0 (so relu'(0) = 0)
            self.grad += (out.data > 0) * out.grad

        out._backward = _backward
        return out

    def tanh(self):
        t = math.tanh(self.data)
        out = Value(t, (self,), "tanh")

        def _backward():
            # d tanh(x)/dx = 1 - tanh(x)**2, written with the *output* t
            self.grad += (1 - t**2) * out.grad

        out._backward = _backward
        return out

    def exp(self):
        val = math.exp(self.data)
        out = Value(val, (self,), "exp")

        def _backward():
            self.grad += val * out.grad

        out._backward = _backward
        return out

    def log(self):
        out = Value(math.log(self.data), (self,), "log")

        def _backward():
            self.grad += (1 / self.data) * out.grad

        out._backward = _backward
        return out

    # -- backpropagation -------------------------------------------------------

    def _consumers(self):
        # how many nodes in this graph use each node as an input
        uses = Counter()
        seen = {self}
        todo = [self]
        while todo:
            node = todo.pop()
            for inp in node._prev:
                uses[inp] += 1
                if inp not in seen:
                    seen.add(inp)
                    todo.append(inp)
        return uses

    def backward(self):
        """Add d(self)/d(v) into v.grad for every v that self depends on, starting from d(self)/d(self) = 1."""
        # Kahn's algorithm: a node is ready once every node using it has
        # already pushed its gradient down (its count reaches 0)
        waiting = self._consumers()
        self.grad = 1
        ready = deque([self])
        while ready:
            node = ready.popleft()
            node._backward()
            for inp in node._prev:
                waiting[inp] -= 1
                if waiting[inp] == 0:
                    ready.append(inp)

    # -- derived operations: their gradients come "for free" -------------------

    def __neg__(self):  # -self
        return self * (-1)

    def __radd__(self, other):  # other + self
        return self + other

    def __sub__(self, other):  # self - other
        return self + (-other)

    def __rsub__(self, other):  # other - self
        return other + (-self)

    def __rmul__(self, other):  # other * self
        return self * other

    def __truediv__(self, other):  # self / other
        return self * (other ** (-1))

    def __rtruediv__(self, other):  # other / self
        return other * (self ** (-1))

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"



def _close(a, b):
    return abs(a - b) < 1e-9


if __name__ == "__main__":
    # Kahn should give the same answer as the recursive version on a graph with sharing
    a = Value(1.5)
    b = a * a            # a used twice
    c = b.exp() + b      # b used twice
    d = c.log() - a / 2
    d.backward()
    print("d =", d.data, "a.grad =", a.grad)
    # by hand: dd/da = (e^b + 1) / c * 2a - 1/2
    bb = 1.5 * 1.5
    print(_close(a.grad, (math.exp(bb) + 1) / (math.exp(bb) + bb) * 3.0 - 0.5))
