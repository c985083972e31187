"""Chidi N. - engine.py

No closures: every node stores which op made it (and the exponent for **), and one method, _propagate,
looks at the op and sends the gradient to the inputs. The graph is walked by a generator.
"""
import math


class Value:
    __slots__ = ("data", "grad", "ins", "op", "k", "name")

    def __init__(self, data, ins=(), op=None, k=None, name=''):
        self.data = data
        self.grad = 0.0
        self.ins = tuple(ins)
        self.op = op
        self.k = k
        self.name = name

    def __repr__(self):
        return f"Value(name={self.name!r}, data={self.data}, grad={self.grad})"

    def _propagate(self):
        g = self.grad
        if self.op == '+':
            for x in self.ins:
                x.grad += 1.0 * g
        elif self.op == '*':
            a, b = self.ins
            a.grad += b.data * g
            b.grad += a.data * g
        elif self.op == '**':
            (a,) = self.ins
            a.grad += self.k * (a.data ** (self.k - 1)) * g
        elif self.op == 'exp':
            self.ins[0].grad += self.data * g
        elif self.op == 'log':
            self.ins[0].grad += (1 / self.ins[0].data) * g
        elif self.op == 'tanh':
            self.ins[0].grad += (1 - self.data ** 2) * g
        elif self.op == 'ReLU':
            self.ins[0].grad += float(self.data > 0) * g

    def _walk(self, seen):
        if id(self) in seen:
            return
        seen.add(id(self))
        for x in self.ins:
            yield from x._walk(seen)
        yield self

    def backward(self):
        nodes = list(self._walk(set()))
        self.grad = 1.0
        for n in reversed(nodes):
            n._propagate()

    def tanh(self):
        return Value(math.tanh(self.data), (self,), 'tanh')

    def relu(self):
        return Value(max(0, self.data), (self,), 'ReLU')

    def exp(self):
        try:
            y = math.exp(self.data)
        except OverflowError:
            y = math.inf
        return Value(y, (self,), 'exp')

    def log(self):
        return Value(math.log(self.data), (self,), 'log')

    def __pow__(self, k):
        assert isinstance(k, (int, float)), "only int/float powers"
        k = float(k)
        return Value(self.data ** k, (self,), '**', k)

    def __mul__(self, other):
        if not isinstance(other, Value):
            other = Value(other)
        return Value(self.data * other.data, (self, other), '*')

    def __add__(self, other):
        if not isinstance(other, Value):
            other = Value(other)
        return Value(self.data + other.data, (self, other), '+')

    def __rmul__(self, other):
        return self * other

    def __radd__(self, other):
        return self + other

    def __neg__(self):
        return self * Value(-1)

    def __sub__(self, other):
        return self + other * -1

    def __rsub__(self, other):
        return other + self * -1

    def __truediv__(self, other):
        return self * other ** -1

    def __rtruediv__(self, other):
        return other * self ** -1
