"""A scalar-valued reverse-mode autograd engine.

Every operation makes a new `Value` that remembers its inputs and a small
`_backward` closure. The closure knows only its own *local* derivative and
multiplies it by the gradient arriving from above (`out.grad`): the chain rule,
one node at a time. Calling those closures from the output back to the inputs
is backpropagation.
"""

import math


def average(items):
    """Mean of Values and/or plain numbers, as a Value."""
    acc = 0
    for item in items:
        acc = acc + item
    return acc / len(items)


def inner(a, b):
    """Inner product of two equally long lists."""
    assert len(a) == len(b), "inner: the two lists differ in length"
    acc = Value(0.0)
    for p, q in zip(a, b):
        acc = acc + p * q
    return acc


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

    def _make(self, data, slope, op):
        """Node with the single input self; d(node)/d(self) is the number slope."""
        node = Value(data, (self,), op)

        def _backward():
            self.grad += slope * node.grad

        node._backward = _backward
        return node

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
        if k == 0:
            # a constant 1: nothing flows back, not even at 0
            return Value(1.0, (self,), "**0")
        return self._make(self.data ** k, k * self.data ** (k - 1), f"**{k}")

    def exp(self):
        e = math.exp(self.data)
        return self._make(e, e, "exp")

    def log(self):
        if not self.data > 0:
            raise ValueError(f"log is only defined for positive inputs (got {self.data})")
        return self._make(math.log(self.data), 1 / self.data, "log")

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

    # -- derived operations: their gradients come "for free" -------------------

    def __neg__(self):  # -self
        return self * -1

    def __sub__(self, other):  # self - other
        return self + (-other)

    def __truediv__(self, other):  # self / other
        return self * other ** -1

    def __radd__(self, other):  # other + self
        return self + other

    def __rsub__(self, other):  # other - self
        return other + (-self)

    def __rmul__(self, other):  # other * self
        return self * other

    def __rtruediv__(self, other):  # other / self
        return other * self ** -1

    # -- backpropagation -------------------------------------------------------

    def backward(self):
        """Add d(self)/d(v) into v.grad for every v that self depends on, starting from d(self)/d(self) = 1."""
        # Topological order: every node after all of its inputs. Depth-first
        # with a visited set, but with an explicit stack instead of recursion,
        # so a chain 100,000 nodes long does not hit Python's recursion limit.
        topo, visited = [], set()
        stack = [(self, False)]
        while stack:
            node, children_done = stack.pop()
            if children_done:
                topo.append(node)
            elif node not in visited:
                visited.add(node)
                stack.append((node, True))
                for child in node._prev:
                    if child not in visited:
                        stack.append((child, False))

        # dL/dL = 1: the seed that every other gradient is a multiple of
        self.grad = 1
        # reverse topological order: each node's grad is complete before it is passed on
        for node in reversed(topo):
            node._backward()

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"


class LineFit:
    """Gradient descent for y = slope * x + intercept on a few points."""

    DATA = [(0.0, 1.1), (1.0, 2.9), (2.0, 5.2), (3.0, 6.8), (4.0, 9.1)]

    def __init__(self, rate=0.02):
        self.slope = Value(0.0)
        self.intercept = Value(0.0)
        self.rate = rate

    def loss(self):
        return average([(self.slope * x + self.intercept - y) ** 2 for x, y in self.DATA])

    def step(self):
        current = self.loss()
        self.slope.grad = self.intercept.grad = 0
        current.backward()
        for p in (self.slope, self.intercept):
            p.data -= self.rate * p.grad
        return current.data

    def run(self, steps=200, report=False):
        i = 0
        while i < steps:
            value = self.step()
            if report and i % 50 == 0:
                print(f"step {i}: loss {value:.4f}  slope {self.slope.data:.3f}  intercept {self.intercept.data:.3f}")
            i += 1
        return self.slope.data, self.intercept.data


if __name__ == "__main__":
    print(LineFit().run(report=True))
    print(inner([Value(1.0), Value(2.0)], [3, 4]))
