import itertools
import math

_ticket = itertools.count()


class Value:
    """A number that remembers how it was computed; nodes are numbered as they are made."""

    def __init__(self, data, parents=(), backward_rule=None, label=""):
        self.data = data
        self.grad = 0.0
        self.parents = parents
        self.rule = backward_rule
        self.label = label
        self.ticket = next(_ticket)  # a node is always made after its parents

    def __repr__(self):
        return f"<Value #{self.ticket} {self.label or 'leaf'} data={self.data:g} grad={self.grad:g}>"

    @classmethod
    def of(cls, x):
        return x if isinstance(x, cls) else cls(x)

    def __add__(self, other):
        other = Value.of(other)

        def rule(g):
            self.grad += g
            other.grad += g
        return Value(self.data + other.data, (self, other), rule, "+")

    def __mul__(self, other):
        other = Value.of(other)

        def rule(g):
            self.grad += g * other.data
            other.grad += g * self.data
        return Value(self.data * other.data, (self, other), rule, "*")

    __radd__ = __add__
    __rmul__ = __mul__

    def __sub__(self, other):
        return self + Value.of(other) * -1

    def __rsub__(self, other):
        return Value.of(other) + self * -1

    def relu(self):
        def rule(g):
            self.grad += g if self.data > 0 else 0.0
        return Value(max(self.data, 0.0), (self,), rule, "relu")

    def tanh(self):
        y = math.tanh(self.data)

        def rule(g):
            self.grad += g * (1.0 - y * y)
        return Value(y, (self,), rule, "tanh")

    def log(self):
        def rule(g):
            self.grad += g / self.data
        return Value(math.log(self.data), (self,), rule, "log")

    def backward(self):
        # every node reachable from here, newest first: a node is always newer than its inputs
        reachable, todo = {}, [self]
        while todo:
            v = todo.pop()
            if v.ticket not in reachable:
                reachable[v.ticket] = v
                todo.extend(v.parents)
        self.grad = 1.0
        for ticket in sorted(reachable, reverse=True):
            v = reachable[ticket]
            if v.rule:
                v.rule(v.grad)
