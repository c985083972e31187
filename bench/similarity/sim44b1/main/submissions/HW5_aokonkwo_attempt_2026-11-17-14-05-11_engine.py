# Adaeze Okonkwo - HW5 engine
# I started over from the lecture notes instead of using the starter file.
import math


class Value:
    def __init__(self, data, children=(), op=''):
        self.data = data
        self.grad = 0
        self.children = children
        self.op = op
        self.back = None   # function that sends my grad to my children

    def __add__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        res = Value(self.data + other.data, (self, other), '+')
        def back():
            self.grad += res.grad
            other.grad += res.grad
        res.back = back
        return res

    def __mul__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        res = Value(self.data * other.data, (self, other), '*')
        def back():
            self.grad += other.data * res.grad
            other.grad += self.data * res.grad
        res.back = back
        return res

    def __pow__(self, n):
        res = Value(self.data ** n, (self,), 'pow')
        def back():
            # power rule
            self.grad += n * self.data ** n * res.grad
        res.back = back
        return res

    def relu(self):
        res = Value(self.data * (self.data > 0), (self,), 'relu')
        def back():
            self.grad += res.grad * (self.data > 0)
        res.back = back
        return res

    def tanh(self):
        e2 = math.exp(2 * self.data)
        t = (e2 - 1) / (e2 + 1)
        res = Value(t, (self,), 'tanh')
        def back():
            self.grad += (1 - t ** 2) * res.grad
        res.back = back
        return res

    def __neg__(self):
        return self * -1

    def __sub__(self, other):
        return self + (-other)

    def __radd__(self, other):
        return self + other

    def __rmul__(self, other):
        return self * other

    def backward(self):
        nodes = []
        seen = set()
        def go(v):
            if v in seen:
                return
            seen.add(v)
            for c in v.children:
                go(c)
            nodes.append(v)
        go(self)
        self.grad = 1
        for v in reversed(nodes):
            if v.back:
                v.back()

    def __repr__(self):
        return f'Value({self.data}, grad={self.grad})'
