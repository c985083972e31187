import math


def _as_value(x):
    """Numbers become constant leaves so every op can treat both sides alike."""
    if isinstance(x, Value):
        return x
    return Value(x)


class Value:
    """One scalar in the graph: data, grad, and how to send the grad to its inputs."""

    def __init__(self, data, _children=(), _op=""):
        self.data = data
        self.grad = 0.0
        self._backward = lambda: None
        self._prev = list(_children)
        self._op = _op

    def __add__(self, other):
        other = _as_value(other)
        out = Value(self.data + other.data, (self, other), "+")

        def _backward():
            self.grad += 1.0 * out.grad
            other.grad += 1.0 * out.grad

        out._backward = _backward
        return out

    def __mul__(self, other):
        other = _as_value(other)
        out = Value(self.data * other.data, (self, other), "*")

        def _backward():
            self.grad += other.data * out.grad
            other.grad += self.data * out.grad

        out._backward = _backward
        return out

    def __pow__(self, k):
        if not isinstance(k, (int, float)):
            raise TypeError("exponent must be a plain number")
        out = Value(self.data ** k, (self,), "pow")

        def _backward():
            self.grad += k * self.data ** (k - 1) * out.grad

        out._backward = _backward
        return out

    def exp(self):
        out = Value(math.exp(self.data), (self,), "exp")

        def _backward():
            self.grad += out.data * out.grad

        out._backward = _backward
        return out

    def log(self):
        out = Value(math.log(self.data), (self,), "log")

        def _backward():
            self.grad += out.grad / self.data

        out._backward = _backward
        return out

    def tanh(self):
        out = Value(math.tanh(self.data), (self,), "tanh")

        def _backward():
            self.grad += (1.0 - out.data ** 2) * out.grad

        out._backward = _backward
        return out

    def relu(self):
        out = Value(self.data if self.data > 0 else 0.0, (self,), "relu")

        def _backward():
            self.grad += (1.0 if self.data > 0 else 0.0) * out.grad

        out._backward = _backward
        return out

    def __neg__(self):
        return self * -1

    def __sub__(self, other):
        return self + (-_as_value(other))

    def __rsub__(self, other):
        return _as_value(other) + (-self)

    def __truediv__(self, other):
        return self * _as_value(other) ** -1

    def __rtruediv__(self, other):
        return _as_value(other) * self ** -1

    def __radd__(self, other):
        return self + other

    def __rmul__(self, other):
        return self * other

    def _topological_order(self):
        order = []
        visited = []  # a list on purpose: Values are compared by identity here

        def walk(node):
            for seen in visited:
                if seen is node:
                    return
            visited.append(node)
            for parent in node._prev:
                walk(parent)
            order.append(node)

        walk(self)
        return order

    def backward(self):
        order = self._topological_order()
        self.grad = 1.0
        for node in reversed(order):
            node._backward()

    def __repr__(self):
        return "Value(data={}, grad={})".format(self.data, self.grad)
