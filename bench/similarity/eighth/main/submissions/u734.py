"""A scalar-valued reverse-mode autograd engine.

Every operation makes a new `Value` that remembers its inputs and a small
`_grad_step` closure. The closure knows only its own *local* derivative and
multiplies it by the gradient arriving from above (`node.grad`): the chain rule,
one node at a time. Calling those closures from the output back to the inputs
is backpropagation.
"""

import math


class Value:
    """A scalar, the gradient of the final output with respect to it, and how it was made."""

    def __init__(self, data, srcs=(), _op=""):
        self.data = data
        self.grad = 0
        self._grad_step = lambda: None
        self._srcs = tuple(dict.fromkeys(srcs))
        self._op = _op

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"

    def __add__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        node = Value(self.data + other.data, (self, other), "+")

        def grad_step():
            self.grad = self.grad + node.grad
            other.grad = other.grad + node.grad

        node._grad_step = grad_step
        return node

    def __radd__(self, other):
        return self + other

    def __sub__(self, other):
        return (-other) + self

    def __rsub__(self, other):
        return (-self) + other

    def __mul__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        node = Value(self.data * other.data, (self, other), "*")

        def grad_step():
            self.grad = self.grad + node.grad * other.data
            other.grad = other.grad + node.grad * self.data

        node._grad_step = grad_step
        return node

    def __rmul__(self, other):
        return self * other

    def __truediv__(self, other):
        return other ** -1 * self

    def __rtruediv__(self, other):
        return self ** -1 * other

    def __neg__(self):
        return -1.0 * self

    def __pow__(self, k):
        """self ** k, for a constant int or float k."""
        assert isinstance(k, (int, float)), "only constant int/float powers are supported"
        base = self.data
        res = base ** k
        node = Value(res, (self,), "pow")

        def grad_step():
            if base == 0:
                slope = k * base ** (k - 1)
            else:
                slope = k * res / base  # k*base**(k-1) without another power
            self.grad = self.grad + node.grad * slope

        node._grad_step = grad_step
        return node

    def exp(self):
        res = math.exp(self.data)
        node = Value(res, (self,), "exp")

        def grad_step():
            slope = res
            self.grad = self.grad + node.grad * slope

        node._grad_step = grad_step
        return node

    def log(self):
        base = self.data
        node = Value(math.log(base), (self,), "log")

        def grad_step():
            slope = 1.0 / base
            self.grad = self.grad + node.grad * slope

        node._grad_step = grad_step
        return node

    def tanh(self):
        t = math.tanh(self.data)
        node = Value(t, (self,), "tanh")

        def grad_step():
            self.grad = self.grad + node.grad * (1 - t * t)

        node._grad_step = grad_step
        return node

    def relu(self):
        node = Value(0 if self.data < 0 else self.data, (self,), "ReLU")

        def grad_step():
            self.grad = self.grad + (node.data > 0) * node.grad

        node._grad_step = grad_step
        return node

    def backward(self):
        """Add d(self)/d(v) into v.grad for every v that self depends on, starting from d(self)/d(self) = 1."""
        topo, visited = [], set()
        stack = [(self, False)]
        while stack:
            node, children_done = stack.pop()
            if children_done:
                topo.append(node)
            elif node not in visited:
                visited.add(node)
                stack.append((node, True))
                for child in node._srcs:
                    if child not in visited:
                        stack.append((child, False))
        self.grad = 1
        for node in reversed(topo):
            node._grad_step()
