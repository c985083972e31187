import math
import itertools

_ticket = itertools.count()


def lift(x):
    if isinstance(x, Value):
        return x
    return Value(x)


class Value:
    """Nodes are numbered as they are made; backward runs them newest first."""

    def __init__(self, data, inputs=(), tag=""):
        self.data = data
        self.grad = 0.0
        self.stamp = next(_ticket)
        self._prev = tuple(inputs)
        self._op = tag
        self._backward = lambda: None

    def __repr__(self):
        return "<Value %.4f | grad %.4f>" % (self.data, self.grad)

    def backward(self):
        reached = {}
        todo = [self]
        while todo:
            n = todo.pop()
            if n.stamp not in reached:
                reached[n.stamp] = n
                todo.extend(n._prev)
        self.grad = 1.0
        for stamp in sorted(reached, reverse=True):
            reached[stamp]._backward()

    def _node(self, value, inputs, tag, push):
        result = Value(value, inputs, tag)
        result._backward = lambda: push(result.grad)
        return result

    def __add__(self, other):
        other = lift(other)

        def push(g):
            self.grad += g
            other.grad += g
        return self._node(self.data + other.data, (self, other), "+", push)

    def __mul__(self, other):
        other = lift(other)

        def push(g):
            self.grad += g * other.data
            other.grad += g * self.data
        return self._node(self.data * other.data, (self, other), "*", push)

    def __pow__(self, k):
        if not isinstance(k, (int, float)):
            raise TypeError("exponent has to be an int or a float")

        def push(g):
            self.grad += g * k * self.data ** (k - 1)
        return self._node(self.data ** k, (self,), "pow", push)

    def exp(self):
        e = math.exp(self.data)

        def push(g):
            self.grad += g * e
        return self._node(e, (self,), "exp", push)

    def log(self):
        if self.data <= 0:
            raise ValueError("log of a non-positive value %r" % self.data)

        def push(g):
            self.grad += g / self.data
        return self._node(math.log(self.data), (self,), "log", push)

    def tanh(self):
        th = 1 - 2 / (math.exp(2 * self.data) + 1)

        def push(g):
            self.grad += g * (1 - th) * (1 + th)
        return self._node(th, (self,), "tanh", push)

    def relu(self):
        positive = self.data > 0

        def push(g):
            self.grad += g * (1.0 if positive else 0.0)
        return self._node(self.data if positive else 0.0, (self,), "relu", push)

    __radd__ = __add__
    __rmul__ = __mul__

    def __neg__(self):
        return self * -1.0

    def __sub__(self, other):
        return self + -lift(other)

    def __rsub__(self, other):
        return lift(other) + -self

    def __truediv__(self, other):
        return self * lift(other) ** -1

    def __rtruediv__(self, other):
        return lift(other) * self ** -1
