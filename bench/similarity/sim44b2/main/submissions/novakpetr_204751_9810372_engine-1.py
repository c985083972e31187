"""A scalar-valued reverse-mode autograd engine.

Every operation makes a new `Value` that remembers its inputs and a small
`_backward` closure. The closure knows only its own *local* derivative and
multiplies it by the gradient arriving from above (`out.grad`): the chain rule,
one node at a time. Calling those closures from the output back to the inputs
is backpropagation.
"""

import math

from collections import deque, Counter


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
        vysledek = Value(self.data ** k, (self,), f"^{k}")

        def _backward():
            self.grad += k * self.data ** (k - 1) * vysledek.grad

        vysledek._backward = _backward
        return vysledek

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
        vysledek = Value(math.exp(self.data), (self,), "e^")

        def _backward():
            self.grad += vysledek.data * vysledek.grad

        vysledek._backward = _backward
        return vysledek

    def log(self):
        vysledek = Value(math.log(self.data), (self,), "ln")

        def _backward():
            self.grad += vysledek.grad / self.data

        vysledek._backward = _backward
        return vysledek

    # -- backpropagation -------------------------------------------------------

    def backward(self):
        """Add d(self)/d(v) into v.grad for every v that self depends on, starting from d(self)/d(self) = 1."""
        # a node may go only when all nodes that use it are done
        pending = self._count_users()
        self.grad = 1
        queue = deque([self])
        while queue:
            current = queue.popleft()
            current._backward()
            for src in current._prev:
                pending[src] -= 1
                if not pending[src]:
                    queue.append(src)

    def _count_users(self):
        # for every node under self: how many nodes take it as an input
        users = Counter()
        visited = {self}
        stack = [self]
        while stack:
            current = stack.pop()
            for src in current._prev:
                users[src] += 1
                if src not in visited:
                    visited.add(src)
                    stack.append(src)
        return users

    # -- derived operations: their gradients come "for free" -------------------

    def __neg__(self):  # -self
        return self * -1

    def __radd__(self, other):  # other + self
        return self + other

    def __sub__(self, other):  # self - other
        return self + (-other)

    def __rsub__(self, other):  # other - self
        return other + (-self)

    def __rmul__(self, other):  # other * self
        return self * other

    def __truediv__(self, other):  # self / other
        return self * other ** -1

    def __rtruediv__(self, other):  # other / self
        return other * self ** -1

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"



if __name__ == "__main__":
    # Petr: ukazka - (x^2 + 1)^-1 a jeho derivace
    for x0 in (-2.0, -1.0, 0.0, 1.0, 2.0):
        x = Value(x0)
        f = 1 / (x ** 2 + 1)
        f.backward()
        print(f"x={x0:+.1f}  f={f.data:.4f}  f'={x.grad:+.4f}  (ocekavano {-2 * x0 / (x0 ** 2 + 1) ** 2:+.4f})")
    a = Value(2.0)
    b = (a.exp() - a).log()
    b.backward()
    print("b =", b, "a =", a)
