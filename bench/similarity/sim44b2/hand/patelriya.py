"""A scalar-valued reverse-mode autograd engine.

Every operation makes a new `Value` that remembers its inputs and a small
`_backward` closure. The closure knows only its own *local* derivative and
multiplies it by the gradient arriving from above (`out.grad`): the chain rule,
one node at a time. Calling those closures from the output back to the inputs
is backpropagation.
"""

import math
from collections import namedtuple


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

    def _one_input(self, result, derivative, name):
        # the derivative is worked out now, in the forward pass, and only used later
        out = Value(result, (self,), name)
        out._backward = lambda: setattr(self, "grad", self.grad + derivative * out.grad)
        return out

    def __pow__(self, k):
        """self ** k, for a constant int or float k."""
        if isinstance(k, Value):
            raise TypeError("the power has to be a plain number (int/float), not a Value")
        assert isinstance(k, (int, float)), "only constant int/float powers are supported"
        return self._one_input(self.data ** k, k * self.data ** (k - 1), f"**{k}")

    def exp(self):
        ex = math.exp(self.data)
        return self._one_input(ex, ex, "exp")

    def log(self):
        return self._one_input(math.log(self.data), 1.0 / self.data, "log")

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

    def tanh2(self):
        """tanh again, but made of exp, +, - and / so its gradient comes from them."""
        twice = (self * 2).exp()
        return (twice - 1) / (twice + 1)

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

    # -- derived operations: their gradients come "for free" -------------------

    def __neg__(self):  # -self
        return -1 * self

    def __radd__(self, other):  # other + self
        return self + other

    def __sub__(self, other):  # self - other
        return (-other) + self

    def __rsub__(self, other):  # other - self
        return (-self) + other

    def __rmul__(self, other):  # other * self
        return self * other

    def __truediv__(self, other):  # self / other
        return other ** -1 * self if isinstance(other, Value) else self * other ** -1

    def __rtruediv__(self, other):  # other / self
        return self ** -1 * other

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"


# checking my gradients against a numerical derivative --------------------------

Case = namedtuple("Case", "label on_values on_floats")

CASES = [
    Case("x^3", lambda v: v ** 3, lambda f: f ** 3),
    Case("x e^x", lambda v: v.exp() * v, lambda f: math.exp(f) * f),
    Case("ln(1+x^2)", lambda v: (v ** 2 + 1).log(), lambda f: math.log(f ** 2 + 1)),
    Case("1/x - x", lambda v: 1 / v - v, lambda f: 1 / f - f),
    Case("tanh2", lambda v: v.tanh2(), math.tanh),
]


def numeric(fn, at, step=1e-6):
    return (fn(at + step) - fn(at - step)) / (2 * step)


def report(at=0.7):
    for case in CASES:
        v = Value(at)
        case.on_values(v).backward()
        print(f"{case.label:12s} autograd={v.grad:+.6f} numeric={numeric(case.on_floats, at):+.6f}")


if __name__ == "__main__":
    for point in (0.7, 2.5):
        report(point)
