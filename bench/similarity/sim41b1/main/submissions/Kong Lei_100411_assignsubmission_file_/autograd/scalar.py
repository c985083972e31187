import math

from .graph import Graph


class Value:
    def __init__(self, data):
        self.data = data
        self.grad = 0.0
        Graph.current().record(self, ())

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"

    @staticmethod
    def _made(data, *links):
        out = Value.__new__(Value)
        out.data, out.grad = data, 0.0
        Graph.current().record(out, links)
        return out

    def __add__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        return Value._made(self.data + other.data, (self, 1.0), (other, 1.0))

    def __mul__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        return Value._made(self.data * other.data, (self, other.data), (other, self.data))

    def __pow__(self, k):
        return Value._made(self.data ** k, (self, k * self.data ** (k - 1)))

    def relu(self):
        on = self.data > 0
        return Value._made(self.data if on else 0.0, (self, float(on)))

    def tanh(self):
        t = math.tanh(self.data)
        return Value._made(t, (self, 1 - t * t))

    def exp(self):
        e = math.exp(self.data)
        return Value._made(e, (self, e))

    def log(self):
        return Value._made(math.log(self.data), (self, 1 / self.data))

    def __radd__(self, other):
        return self + other

    def __rmul__(self, other):
        return self * other

    def __neg__(self):
        return self * -1

    def __sub__(self, other):
        return self + (-other)

    def __rsub__(self, other):
        return other + (-self)

    def __truediv__(self, other):
        return self * other ** -1

    def __rtruediv__(self, other):
        return other * self ** -1

    def backward(self):
        tape = self.tape
        self.grad = 1.0
        for node in tape.replay(self):
            for inp, local in tape.links(node):
                inp.grad += local * node.grad
