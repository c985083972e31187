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
        out = Value(self.data ** k, (self,), f"**{k}")

        def _backward():
            # power rule: k * x^(k-1)
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
        e = math.exp(self.data)
        out = Value(e, (self,), "exp")

        def _backward():
            # the derivative of e^x is e^x, which is the output
            self.grad += e * out.grad

        out._backward = _backward
        return out

    def log(self):
        out = Value(math.log(self.data), (self,), "log")

        def _backward():
            # d/dx ln(x) = 1/x  (x is the INPUT, not the output!)
            self.grad += (1.0 / self.data) * out.grad

        out._backward = _backward
        return out

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
        return self + (-other)

    def __rsub__(self, other):  # other - self
        return other + (-self)

    def __rmul__(self, other):  # other * self
        return self * other

    def __truediv__(self, other):  # self / other
        return self * other ** -1

    def __rtruediv__(self, other):  # other / self
        return other * self ** -1

    def sigmoid(self):
        """Logistic sigmoid 1 / (1 + e^-x).

        I wrote it with its own backward instead of building it from exp,
        because the derivative is nice: s * (1 - s).
        """
        s = 1.0 / (1.0 + math.exp(-self.data))
        out = Value(s, (self,), "sigmoid")

        def _backward():
            self.grad += s * (1 - s) * out.grad

        out._backward = _backward
        return out

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"


# ---------------------------------------------------------------------------
# my own tests (run with: python engine.py)
# ---------------------------------------------------------------------------

def _approx(a, b, tol=1e-6):
    return abs(a - b) < tol


if __name__ == "__main__":
    # example from the README
    x = Value(2.0)
    (x ** 3).backward()
    assert _approx(x.grad, 12.0), x.grad

    a, b = Value(5.0), Value(2.0)
    (a - b).backward()
    assert a.grad == 1 and b.grad == -1

    a = Value(0.5)
    (2 / a).backward()
    assert _approx(a.grad, -8.0)

    # exp and log
    z = Value(0.0)
    z.exp().backward()
    assert _approx(z.grad, 1.0)
    w = Value(1.0)
    w.log().backward()
    assert _approx(w.grad, 1.0)

    # sigmoid at 0 should have gradient 0.25
    s = Value(0.0)
    s.sigmoid().backward()
    assert _approx(s.grad, 0.25)

    # a bigger expression
    p = Value(1.5)
    q = Value(-0.5)
    r = (p * q + p.exp()) / (q ** 2 + 1)
    r.backward()
    print("r =", r)
    print("dp =", p.grad, "dq =", q.grad)
    print("all tests passed")
