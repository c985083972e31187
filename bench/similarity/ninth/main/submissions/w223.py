# Rashid K. -- engine.py
# Nodes are numbered as they are made; a consumer is always made after its
# inputs, so popping the highest number first is a valid reverse order.
import heapq
import itertools
import math

_ticket = itertools.count()


class Value:
    def __init__(self, data, inputs=(), op=""):
        self.data = data
        self.grad = 0
        self.inputs = inputs
        self.op = op
        self.order = next(_ticket)
        self.back = None

    def _wrap(x):
        return x if isinstance(x, Value) else Value(x)

    def __add__(self, other):
        other = Value._wrap(other)
        res = Value(self.data + other.data, (self, other), "+")

        def back():
            self.grad += res.grad
            other.grad += res.grad

        res.back = back
        return res

    def __mul__(self, other):
        other = Value._wrap(other)
        res = Value(self.data * other.data, (self, other), "*")

        def back():
            self.grad += other.data * res.grad
            other.grad += self.data * res.grad

        res.back = back
        return res

    def __pow__(self, k):
        res = Value(self.data ** k, (self,), "**")

        def back():
            self.grad += k * self.data ** (k - 1) * res.grad

        res.back = back
        return res

    def __truediv__(self, other):
        return self * Value._wrap(other) ** -1

    def __radd__(self, other):
        return self + other

    def __rmul__(self, other):
        return self * other

    def relu(self):
        res = Value(self.data if self.data > 0 else 0, (self,), "relu")

        def back():
            if res.data > 0:
                self.grad += res.grad

        res.back = back
        return res

    def tanh(self):
        th = math.tanh(self.data)
        res = Value(th, (self,), "tanh")

        def back():
            self.grad += (1 - th * th) * res.grad

        res.back = back
        return res

    def backward(self):
        self.grad = 1
        heap = [(-self.order, self)]
        queued = {self}
        while heap:
            _, node = heapq.heappop(heap)
            if node.back is not None:
                node.back()
            for i in node.inputs:
                if i not in queued:
                    queued.add(i)
                    heapq.heappush(heap, (-i.order, i))

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"
