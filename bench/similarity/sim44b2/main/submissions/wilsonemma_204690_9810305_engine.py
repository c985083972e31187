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
        assert not isinstance(k, Value)
        result = Value(self.data ** k, (self,), "pow")

        def _backward():
            self.grad += k * self.data ** (k - 1) * result.grad

        result._backward = _backward
        return result

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
        result = Value(math.exp(self.data), (self,), "exp")

        def _backward():
            # derivative of exp is exp (the output)
            self.grad += result.data * result.grad

        result._backward = _backward
        return result

    def log(self):
        result = Value(math.log(self.data), (self,), "log")

        def _backward():
            # 1/x where x is the input
            self.grad += result.grad * (1 / self.data)

        result._backward = _backward
        return result

    # -- backpropagation -------------------------------------------------------

    def _build_order(self):
        """All nodes under self, output first (reverse topological order).

        White/grey/black colouring on an explicit stack: white = not seen,
        grey = inputs being visited, black = finished. Keyed by id() so it
        does not depend on Value being hashable.
        """
        WHITE, GREY, BLACK = 0, 1, 2
        colour = {}
        finished = []
        stack = [self]
        while stack:
            node = stack[-1]
            c = colour.get(id(node), WHITE)
            if c == WHITE:
                colour[id(node)] = GREY
                for parent in reversed(node._prev):
                    if colour.get(id(parent), WHITE) == WHITE:
                        stack.append(parent)
            else:
                stack.pop()
                if c == GREY:
                    colour[id(node)] = BLACK
                    finished.append(node)
        finished.reverse()
        return finished

    def backward(self):
        """Add d(self)/d(v) into v.grad for every v that self depends on, starting from d(self)/d(self) = 1."""
        order = self._build_order()
        for node in order:          # start clean, so calling backward twice gives the same answer
            node.grad = 0
        self.grad = 1.0
        for node in order:
            node._backward()
        return order  # handy when debugging: the nodes in the order they were processed

    # -- derived operations: their gradients come "for free" -------------------

    def __neg__(self):  # -self
        return self * Value(-1)

    def __radd__(self, other):  # other + self
        return self + other

    def __sub__(self, other):  # self - other
        return self.__add__(-other)

    def __rsub__(self, other):  # other - self
        return Value(other).__add__(-self)

    def __rmul__(self, other):  # other * self
        return self * other

    def __truediv__(self, other):  # self / other
        return self * other ** -1

    def __rtruediv__(self, other):  # other / self
        return Value(other) * self ** -1

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"



# -------------------------------------------------------------
# testing (Emma)
# -------------------------------------------------------------
def grad_of(f, x0):
    x = Value(x0)
    f(x).backward()
    return x.grad


if __name__ == "__main__":
    print("d/dx x^3 at 2:", grad_of(lambda x: x ** 3, 2.0))              # 12
    print("d/dx exp at 0:", grad_of(lambda x: x.exp(), 0.0))            # 1
    print("d/dx log at 1:", grad_of(lambda x: x.log(), 1.0))            # 1
    print("d/dx 2/x at 0.5:", grad_of(lambda x: 2 / x, 0.5))            # -8
    print("d/dx (x - 1)^2 / x at 3:", grad_of(lambda x: (x - 1) ** 2 / x, 3.0))
