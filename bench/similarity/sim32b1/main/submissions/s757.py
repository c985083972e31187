"""Scalar autograd engine, exercise 04."""

import math
import sys


def _const(x):
    return x if isinstance(x, Value) else Value(x)


class Value:
    """data, grad, and the node's inputs with the local derivative for each."""

    # derivative rules: (node, i) -> d node / d input i
    DERIV = {
        "+": lambda n, i: 1,
        "*": lambda n, i: n.inputs[1 - i].data,
        "pow": lambda n, i: n.k * n.inputs[0].data ** (n.k - 1),
        "exp": lambda n, i: n.data,
        "log": lambda n, i: 1 / n.inputs[0].data,
        "tanh": lambda n, i: 1 - n.data ** 2,
        "relu": lambda n, i: 1 if n.data > 0 else 0,
        "sigmoid": lambda n, i: n.data * (1.0 - n.data),
    }

    def __init__(self, data, inputs=(), op=""):
        self.data = data
        self.grad = 0
        self.inputs = inputs
        self.op = op
        self.k = None

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"

    def _apply(self, data, inputs, op):
        return Value(data, inputs, op)

    def __add__(self, other):
        other = _const(other)
        return self._apply(self.data + other.data, (self, other), "+")

    def __mul__(self, other):
        other = _const(other)
        return self._apply(self.data * other.data, (self, other), "*")

    def __pow__(self, k):
        assert isinstance(k, (int, float)), "constant powers only"
        out = self._apply(self.data ** k, (self,), "pow")
        out.k = k
        return out

    def exp(self):
        return self._apply(math.exp(self.data), (self,), "exp")

    def log(self):
        return self._apply(math.log(self.data), (self,), "log")

    def tanh(self):
        return self._apply(math.tanh(self.data), (self,), "tanh")

    def relu(self):
        return self._apply(0 if self.data < 0 else self.data, (self,), "relu")

    def sigmoid(self):
        return self._apply(1.0 / (1.0 + math.exp(-self.data)), (self,), "sigmoid")

    def __neg__(self):
        return self * -1

    def __sub__(self, other):
        return self + (-other)

    def __rsub__(self, other):
        return (-self) + other

    def __truediv__(self, other):
        return self * other ** -1

    def __rtruediv__(self, other):
        return other * self ** -1

    __radd__ = __add__
    __rmul__ = __mul__

    def parameters(self):
        """The leaves under self."""
        return [n for n in self._order() if not n.inputs]

    def _order(self):
        order, seen = [], set()

        def visit(n):
            if n in seen:
                return
            seen.add(n)
            for m in n.inputs:
                visit(m)
            order.append(n)

        limit = sys.getrecursionlimit()
        sys.setrecursionlimit(max(limit, 20000))
        try:
            visit(self)
        finally:
            sys.setrecursionlimit(limit)
        return order

    def backward(self):
        self.grad = 1
        for n in reversed(self._order()):
            if n.op:
                rule = Value.DERIV[n.op]
                for i, m in enumerate(n.inputs):
                    m.grad += rule(n, i) * n.grad
