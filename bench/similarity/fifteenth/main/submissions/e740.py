"""engine.py, Teo's own. Every node knows its depth (the longest path up from a leaf);
backward() visits the nodes deepest first, so each one's grad is complete when it is passed on."""

import math


class Value:
    def __init__(self, data, parents=(), op="", grads_fn=None):
        self.data = float(data)
        self.grad = 0.0
        self.parents = tuple(parents)
        self.depth = 1 + max((p.depth for p in self.parents), default=-1)
        self.op = op
        self.grads_fn = grads_fn  # out_grad -> one gradient per parent

    @staticmethod
    def _wrap(x):
        return x if isinstance(x, Value) else Value(x)

    def __add__(self, other):
        other = Value._wrap(other)
        return Value(self.data + other.data, (self, other), "+", lambda g: (g, g))

    def __mul__(self, other):
        other = Value._wrap(other)
        a, b = self.data, other.data
        return Value(a * b, (self, other), "*", lambda g: (b * g, a * g))

    __radd__ = __add__
    __rmul__ = __mul__

    def relu(self):
        on = self.data > 0
        return Value(self.data if on else 0.0, (self,), "relu", lambda g: (g if on else 0.0,))

    def tanh(self):
        t = math.tanh(self.data)
        return Value(t, (self,), "tanh", lambda g: ((1 - t ** 2) * g,))

    def backward(self):
        nodes, seen, todo = [], {id(self)}, [self]
        while todo:
            n = todo.pop()
            nodes.append(n)
            for p in n.parents:
                if id(p) not in seen:
                    seen.add(id(p))
                    todo.append(p)
        nodes.sort(key=lambda n: n.depth, reverse=True)
        self.grad = 1.0
        for n in nodes:
            if n.grads_fn is not None:
                for p, g in zip(n.parents, n.grads_fn(n.grad)):
                    p.grad += g

    def __repr__(self):
        return f"Value({self.data}, grad={self.grad}, depth={self.depth})"
