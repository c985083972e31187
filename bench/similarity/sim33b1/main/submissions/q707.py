# engine.py -- my own take: a global tape instead of closures walking a graph
# (I rewrote the starter because the topological sort confused me; the tape
# already IS a topological order, every node is recorded after its inputs.)
import math

_TAPE = []


class Value:
    def __init__(self, data, parents=(), local=(), op=""):
        self.data = float(data)
        self.grad = 0.0
        self.parents = parents      # input nodes
        self.local = local          # d(self)/d(parent) for each parent, as numbers
        self._op = op
        self.index = len(_TAPE)
        _TAPE.append(self)

    @staticmethod
    def lift(x):
        return x if isinstance(x, Value) else Value(x)

    def __add__(self, other):
        other = Value.lift(other)
        return Value(self.data + other.data, (self, other), (1.0, 1.0), "+")

    def __mul__(self, other):
        other = Value.lift(other)
        return Value(self.data * other.data, (self, other), (other.data, self.data), "*")

    def __pow__(self, k):
        assert isinstance(k, (int, float))
        return Value(self.data ** k, (self,), (k * self.data ** (k - 1),), "**")

    def exp(self):
        e = math.exp(self.data)
        return Value(e, (self,), (e,), "exp")

    def log(self):
        return Value(math.log(self.data), (self,), (1.0 / self.data,), "log")

    def tanh(self):
        t = math.tanh(self.data)
        return Value(t, (self,), (1.0 - t * t,), "tanh")

    def relu(self):
        return Value(max(self.data, 0.0), (self,), (1.0 if self.data > 0 else 0.0,), "relu")

    def backward(self):
        # only nodes that self depends on (the tape also holds other expressions)
        needed = {id(self)}
        for node in reversed(_TAPE[: self.index + 1]):
            if id(node) in needed:
                needed.update(id(p) for p in node.parents)
        # everything recorded after self cannot feed into it, so start at self.index
        self.grad = 1.0
        for node in reversed(_TAPE[: self.index + 1]):
            if id(node) in needed:
                for parent, d in zip(node.parents, node.local):
                    parent.grad += d * node.grad

    def __neg__(self):
        return self * -1

    def __radd__(self, other):
        return self + other

    def __sub__(self, other):
        return self + -Value.lift(other)

    def __rsub__(self, other):
        return Value.lift(other) + -self

    def __rmul__(self, other):
        return self * other

    def __truediv__(self, other):
        return self * Value.lift(other) ** -1

    def __rtruediv__(self, other):
        return Value.lift(other) * self ** -1

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"
