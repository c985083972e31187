# engine.py -- Mina S.
# Each node keeps a dict {parent: d(node)/d(parent)}; backward() multiplies along the edges.
import math


class Value:
    def __init__(self, data, partials=None):
        self.data = data
        self.grad = 0.0
        self.partials = {}
        for parent, d in (partials or []):
            # x * x has the same parent twice: the partials add up
            self.partials[parent] = self.partials.get(parent, 0.0) + d

    def __repr__(self):
        return f"Value({self.data}, grad={self.grad})"

    @staticmethod
    def wrap(x):
        return x if isinstance(x, Value) else Value(x)

    def __add__(self, other):
        other = Value.wrap(other)
        return Value(self.data + other.data, [(self, 1.0), (other, 1.0)])

    def __mul__(self, other):
        other = Value.wrap(other)
        return Value(self.data * other.data, [(self, other.data), (other, self.data)])

    def __pow__(self, n):
        return Value(self.data ** n, [(self, n * self.data ** (n - 1))])

    def relu(self):
        if self.data > 0:
            return Value(self.data, [(self, 1.0)])
        return Value(0.0, [(self, 0.0)])

    def tanh(self):
        t = math.tanh(self.data)
        return Value(t, [(self, 1 - t ** 2)])

    def exp(self):
        e = math.exp(self.data)
        return Value(e, [(self, e)])

    def log(self):
        return Value(math.log(self.data), [(self, 1 / self.data)])

    def __neg__(self):
        return Value(-self.data, [(self, -1.0)])

    def __sub__(self, other):
        other = Value.wrap(other)
        return Value(self.data - other.data, [(self, 1.0), (other, -1.0)])

    def __rsub__(self, other):
        return Value.wrap(other) - self

    def __truediv__(self, other):
        other = Value.wrap(other)
        return Value(self.data / other.data,
                     [(self, 1 / other.data), (other, -self.data / other.data ** 2)])

    def __rtruediv__(self, other):
        return Value.wrap(other) / self

    def __radd__(self, other):
        return self + other

    def __rmul__(self, other):
        return self * other

    def backward(self):
        # order: a node only after all the nodes that use it (count the users first)
        users = {self: 0}
        todo = [self]
        while todo:
            node = todo.pop()
            for parent in node.partials:
                if parent not in users:
                    users[parent] = 0
                    todo.append(parent)
                users[parent] += 1
        self.grad = 1.0
        ready = [self]
        while ready:
            node = ready.pop()
            for parent, d in node.partials.items():
                parent.grad += d * node.grad
                users[parent] -= 1
                if users[parent] == 0:
                    ready.append(parent)
