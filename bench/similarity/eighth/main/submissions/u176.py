import math
from collections import Counter


class Value:
    """scalar with autograd"""

    def __init__(self, data, inputs=(), tag=''):
        self.data = data
        self.grad = 0
        self.inputs = tuple(inputs)
        self.tag = tag
        self.push_grad = lambda: None

    def __repr__(self):
        return f'Value(data={self.data}, grad={self.grad})'

    @staticmethod
    def _v(x):
        return x if isinstance(x, Value) else Value(x)

    def __radd__(self, other):
        return self + other

    def __rmul__(self, other):
        return self * other

    def __neg__(self):
        return -1 * self

    def __sub__(self, other):
        return self + (-1) * Value._v(other)

    def __rsub__(self, other):
        return Value._v(other) + (-1) * self

    def __truediv__(self, other):
        return self * Value._v(other) ** -1

    def __rtruediv__(self, other):
        return Value._v(other) * self ** -1

    def backward(self):
        # count how many times each node is used as an input inside this graph
        uses = Counter()
        frontier, met = [self], {self}
        while frontier:
            v = frontier.pop()
            for u in v.inputs:
                uses[u] += 1
                if u not in met:
                    met.add(u)
                    frontier.append(u)
        # a node may push its gradient once all of its users have pushed theirs
        self.grad = 1
        ready = [self]
        while ready:
            v = ready.pop()
            v.push_grad()
            for u in v.inputs:
                uses[u] -= 1
                if not uses[u]:
                    ready.append(u)

    def __add__(self, other):
        other = Value._v(other)
        res = Value(self.data + other.data, (self, other), 'add')

        def push_grad():
            self.grad = self.grad + res.grad
            other.grad = other.grad + res.grad
        res.push_grad = push_grad
        return res

    def __mul__(self, other):
        other = Value._v(other)
        res = Value(self.data * other.data, (self, other), 'mul')

        def push_grad():
            self.grad = self.grad + res.grad * other.data
            other.grad = other.grad + res.grad * self.data
        res.push_grad = push_grad
        return res

    def __pow__(self, e):
        assert isinstance(e, (int, float))
        res = Value(self.data ** e, (self,), 'pow')

        def push_grad():
            self.grad = self.grad + res.grad * e * self.data ** (e - 1)
        res.push_grad = push_grad
        return res

    def exp(self):
        res = Value(math.exp(self.data), (self,), 'exp')

        def push_grad():
            self.grad = self.grad + res.grad * res.data
        res.push_grad = push_grad
        return res

    def log(self):
        res = Value(math.log(self.data), (self,), 'log')

        def push_grad():
            self.grad = self.grad + res.grad / self.data
        res.push_grad = push_grad
        return res

    def tanh(self):
        res = Value(math.tanh(self.data), (self,), 'tanh')

        def push_grad():
            self.grad = self.grad + res.grad * (1 - res.data ** 2)
        res.push_grad = push_grad
        return res

    def relu(self):
        res = Value(self.data * (self.data > 0), (self,), 'relu')

        def push_grad():
            self.grad = self.grad + res.grad * (self.data > 0)
        res.push_grad = push_grad
        return res
