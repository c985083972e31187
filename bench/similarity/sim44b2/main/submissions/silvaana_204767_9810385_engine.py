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
        out = Value(self.data ** k, (self,), "**%g" % k)

        def _grad_pow():
            # d/dx x^k = k x^(k-1)
            self.grad += k * self.data ** (k - 1) * out.grad

        out._backward = _grad_pow
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
        out = Value(math.exp(self.data), (self,), "exp")

        def _grad_exp():
            # a saida e a propria derivada
            self.grad += out.data * out.grad

        out._backward = _grad_exp
        return out

    def log(self):
        out = Value(math.log(self.data), (self,), "log")

        def _grad_log():
            # 1/x com x a entrada
            self.grad += out.grad / self.data

        out._backward = _grad_log
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
        return self * -1.0

    def __radd__(self, other):  # other + self
        return self + other

    def __sub__(self, other):  # self - other
        return self + other * -1.0

    def __rsub__(self, other):  # other - self
        return self * -1.0 + other

    def __rmul__(self, other):  # other * self
        return self * other

    def __truediv__(self, other):  # self / other
        return self * other ** -1.0

    def __rtruediv__(self, other):  # other / self
        return self ** -1.0 * other

    def sqrt(self):
        # raiz quadrada = potencia 0.5
        return self ** 0.5

    def reciprocal(self):
        out = Value(1.0 / self.data, (self,), "1/x")

        def _grad_rec():
            self.grad += -1.0 / (self.data * self.data) * out.grad

        out._backward = _grad_rec
        return out

    def leaky_relu(self, slope=0.01):
        out = Value(self.data if self.data > 0 else slope * self.data, (self,), "lrelu")

        def _grad_lrelu():
            self.grad += (1.0 if self.data > 0 else slope) * out.grad

        out._backward = _grad_lrelu
        return out

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"



# testes rapidos
if __name__ == "__main__":
    x = Value(4.0)
    y = x.sqrt() + x.reciprocal() + x.leaky_relu()
    y.backward()
    print("y =", y.data, " dy/dx =", x.grad)   # 0.25 - 1/16 + 1 = 1.1875
    z = Value(-3.0)
    z.leaky_relu(0.1).backward()
    print("z.grad =", z.grad)
