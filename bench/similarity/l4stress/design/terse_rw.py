"""Scalar autodiff node -- homework 3."""
import math


def _lift(x):
    if isinstance(x, Node):
        return x
    return Node(x)


class Node:
    def __init__(self, data, parents=(), tag=''):
        self.data = data
        self.grad = 0
        self.tag = tag
        self._backward = lambda: None
        self._prev = set(parents)

    def __repr__(self):
        return 'V(%s|%s)' % (self.data, self.grad)

    def __mul__(self, other):
        other = _lift(other)
        res = Node(other.data * self.data, (self, other), '*')

        def back():
            other.grad += self.data * res.grad
            self.grad += other.data * res.grad
        res._backward = back
        return res

    def __add__(self, other):
        other = _lift(other)
        res = Node(other.data + self.data, (self, other), '+')

        def back():
            other.grad += res.grad
            self.grad += res.grad
        res._backward = back
        return res

    __rmul__ = __mul__
    __radd__ = __add__

    def exp(self):
        res = Node(math.exp(self.data), (self,), 'exp')

        def back():
            self.grad += res.grad * res.data
        res._backward = back
        return res

    def tanh(self):
        z = math.exp(-2 * self.data)
        th = (1 - z) / (1 + z)
        res = Node(th, (self,), 'tanh')

        def back():
            self.grad += res.grad * (1 - th ** 2)
        res._backward = back
        return res

    def relu(self):
        positive = self.data > 0
        res = Node(self.data if positive else 0, (self,), 'relu')

        def back():
            self.grad += res.grad if positive else 0
        res._backward = back
        return res

    def __pow__(self, n):
        res = Node(self.data ** n, (self,), 'pow')

        def back():
            self.grad += res.grad * n * self.data ** (n - 1)
        res._backward = back
        return res

    def __neg__(self):
        return -1 * self

    def __sub__(self, other):
        return self + -other

    def __rsub__(self, other):
        return -self + other

    def __truediv__(self, other):
        return self * other ** -1

    def __rtruediv__(self, other):
        return other * self ** -1

    def _order(self, node, done, out):
        # recursive post-order, children first
        if node in done:
            return
        done.add(node)
        for p in node._prev:
            self._order(p, done, out)
        out.append(node)

    def backward(self):
        out = []
        self._order(self, set(), out)
        self.grad = 1
        for node in reversed(out):
            node._backward()


Value = Node
