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
        r = Value(self.data ** k, (self,), "pow")
        def bw():
            self.grad += k * self.data ** (k - 1) * r.grad
        r._backward = bw
        return r

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
        r = Value(math.exp(min(self.data, 700)), (self,), "exp")  # no OverflowError
        def bw():
            self.grad += r.data * r.grad
        r._backward = bw
        return r

    def log(self):
        r = Value(math.log(self.data) if self.data > 0 else float("-inf"), (self,), "log")
        def bw():
            self.grad += r.grad / self.data
        r._backward = bw
        return r

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
        return self * -1

    def __radd__(self, other):  # other + self
        return self + other

    def __sub__(self, other):  # self - other
        return self + -other

    def __rsub__(self, other):  # other - self
        return -self + other

    def __rmul__(self, other):  # other * self
        return self * other

    def __truediv__(self, other):  # self / other
        return self * other ** -1

    def __rtruediv__(self, other):  # other / self
        return other * self ** -1

    def clamp(self, lo=None, hi=None):
        x = self.data
        if lo is not None and x < lo:
            x = lo
        if hi is not None and x > hi:
            x = hi
        r = Value(x, (self,), "clamp")
        def bw():
            if x == self.data:
                self.grad += r.grad
        r._backward = bw
        return r

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"



# (expression, variable value, expected gradient)
TESTS = [
    ("x ** 3", 2.0, 12.0),
    ("x.exp()", 0.0, 1.0),
    ("x.log()", 1.0, 1.0),
    ("2 / x", 0.5, -8.0),
    ("x - 3", 1.0, 1.0),
    ("4 - x", 1.0, -1.0),
    ("x.clamp(0, 1)", 0.5, 1.0),
    ("x.clamp(0, 1)", 1.5, 0.0),
]


def run_tests():
    failed = 0
    for expr, x0, expected in TESTS:
        x = Value(x0)
        eval(expr, {"x": x}).backward()
        if abs(x.grad - expected) > 1e-9:
            failed += 1
            print("FAIL", expr, "at", x0, "got", x.grad, "expected", expected)
    print(f"{len(TESTS) - failed}/{len(TESTS)} passed")


if __name__ == "__main__":
    run_tests()
