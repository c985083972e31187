"""Reverse-mode autodiff, nodes numbered in creation order.

The node made last comes first in the backward pass; a heap hands out the
reachable nodes from the highest number down.
"""
import heapq
import math


class Value:
    _count = 0

    def __init__(self, data, links=(), op=""):
        Value._count += 1
        self.serial = Value._count
        self.data = data
        self.grad = 0.0
        self.op = op
        self.links = tuple(links)  # ((parent, local derivative), ...)

    def __repr__(self):
        return f"Value({self.data:.6g}, grad={self.grad:.6g}, #{self.serial})"

    def backward(self):
        self.grad = 1.0
        heap = [(-self.serial, self)]
        queued = {self.serial}
        while heap:
            _, node = heapq.heappop(heap)
            for parent, local in node.links:
                parent.grad += node.grad * local
                if parent.serial not in queued:
                    queued.add(parent.serial)
                    heapq.heappush(heap, (-parent.serial, parent))

    def __lt__(self, other):  # heap ties never happen (serials are unique), but be safe
        return self.serial < other.serial

    def tanh(self):
        y = math.tanh(self.data)
        return Value(y, [(self, 1.0 - y ** 2)], "tanh")

    def exp(self):
        y = math.exp(self.data)
        return Value(y, [(self, y)], "exp")

    def log(self):
        x = self.data
        return Value(math.log(x), [(self, x ** -1)], "log")

    def relu(self):
        return Value(max(self.data, 0.0), [(self, float(self.data > 0))], "relu")

    def __pow__(self, k):
        assert isinstance(k, (int, float))
        return Value(self.data ** k, [(self, k * self.data ** (k - 1))], "pow")

    def __mul__(self, other):
        if not isinstance(other, Value):
            other = Value(other)
        return Value(self.data * other.data, [(self, other.data), (other, self.data)], "*")

    def __add__(self, other):
        if not isinstance(other, Value):
            other = Value(other)
        return Value(self.data + other.data, [(self, 1.0), (other, 1.0)], "+")

    __rmul__ = __mul__
    __radd__ = __add__

    def __neg__(self):
        return -1.0 * self

    def __sub__(self, other):
        return self + -1.0 * other

    def __rsub__(self, other):
        return -1.0 * self + other

    def __truediv__(self, other):
        return self * (other if isinstance(other, Value) else Value(other)) ** -1

    def __rtruediv__(self, other):
        return self ** -1 * other
