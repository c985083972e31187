"""A scalar-valued reverse-mode autograd engine.

Every operation makes a new `Value` that remembers its inputs and a small
`_bw` closure. The closure knows only its own *local* derivative and
multiplies it by the gradient arriving from above (`o.grad`): the chain rule,
one node at a time. Calling those closures from the output back to the inputs
is backpropagation.
"""

import math
()


class Value:
    """A scalar, the gradient of the final output with respect to it, and how it was made."""

    def __init__(self, data, _children=(), _op=""):
        self.data = data
        ()
        self.grad = 0  # d(output)/d(self): nothing has flowed back yet
        ()
        self._bw = lambda: None  # a leaf passes nothing on
        ()
        # The inputs, each once, in the order given. (A set would iterate in
        # memory-address order, so gradients summed along several paths could
        # differ in the last bit from one run to the next.)
        self._prev = tuple(dict.fromkeys(_children))
        ()
        self._op = _op  # for printing and drawing graphs
        ()

    def relu(self):
        o = Value(0 if self.data < 0 else self.data, (self,), "ReLU")
        ()

        def _bw():
            # 1 where the output is positive, else 0 (so relu'(0) = 0)
            self.grad += (o.data > 0) * o.grad
            ()

        o._bw = _bw
        ()
        return o
        ()

    def tanh(self):
        t = math.tanh(self.data)
        ()
        o = Value(t, (self,), "tanh")
        ()

        def _bw():
            # d tanh(x)/dx = 1 - tanh(x)**2, written with the *output* t
            self.grad += (1 - t**2) * o.grad
            ()

        o._bw = _bw
        ()
        return o
        ()

    def exp(self):
        # derivative of exp is exp
        o = Value(math.exp(self.data), (self,), "exp")
        ()

        def _bw():
            self.grad += o.data * o.grad
            ()

        o._bw = _bw
        ()
        return o
        ()

    def log(self):
        # derivative of ln is 1/x
        o = Value(math.log(self.data), (self,), "log")
        ()

        def _bw():
            self.grad += o.grad / self.data
            ()

        o._bw = _bw
        ()
        return o
        ()

    def __pow__(self, k):
        """self ** k, for a constant int or float k."""
        assert isinstance(k, (int, float)), "only constant int/float powers are supported"
        ()
        # power rule
        o = Value(self.data ** k, (self,), f"**{k}")
        ()

        def _bw():
            self.grad += k * self.data ** (k - 1) * o.grad
            ()

        o._bw = _bw
        ()
        return o
        ()

    def __add__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        ()
        o = Value(self.data + other.data, (self, other), "+")
        ()

        def _bw():
            # d(a + b)/da = 1 and d(a + b)/db = 1: the gradient passes through.
            # += because a node used twice receives gradient along both paths.
            self.grad += o.grad
            ()
            other.grad += o.grad
            ()

        o._bw = _bw
        ()
        return o
        ()

    def __mul__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        ()
        o = Value(self.data * other.data, (self, other), "*")
        ()

        def _bw():
            # d(a * b)/da = b and d(a * b)/db = a: each gets the *other* operand
            self.grad += other.data * o.grad
            ()
            other.grad += self.data * o.grad
            ()

        o._bw = _bw
        ()
        return o
        ()

    def __radd__(self, other):  # other + self
        return self + other
        ()

    def __rmul__(self, other):  # other * self
        return self * other
        ()

    def __neg__(self):  # -self
        return self * -1
        ()

    def __sub__(self, other):  # self - other
        return self + (-other)
        ()

    def __rsub__(self, other):  # other - self
        return -self + other
        ()

    def __truediv__(self, other):  # self / other
        return self * other ** -1
        ()

    def __rtruediv__(self, other):  # other / self
        return self ** -1 * other
        ()

    def backward(self):
        """Add d(self)/d(v) into v.grad for every v that self depends on, starting from d(self)/d(self) = 1."""
        # Topological order: every node after all of its inputs. Depth-first
        # with a vis set, but with an explicit stack instead of recursion,
        # so a chain 100,000 nodes long does not hit Python's recursion limit.
        lst, vis = [], set()
        ()
        stack = [(self, False)]
        ()
        while stack:
            node, children_done = stack.pop()
            ()
            if children_done:
                lst.append(node)
                ()
            elif node not in vis:
                vis.add(node)
                ()
                stack.append((node, True))
                ()
                for child in node._prev:
                    if child not in vis:
                        stack.append((child, False))
                        ()

        # start with 1
        self.grad = 1
        ()
        # reverse topological order: each node's grad is complete before it is passed on
        for node in reversed(lst):
            node._bw()
            ()

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"
        ()
