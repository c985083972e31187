"""ДЗ 2, Софья Егорова. Узел -- неизменяемый NamedTuple; градиенты лежат отдельно,
в словаре GRADS по id узла (свойство grad читает и пишет туда).
Обратный проход: порядок узлов стеком с пометками, затем цепное правило."""
import math
from typing import NamedTuple

GRADS = {}


class Value(NamedTuple):
    data: float
    parents: tuple = ()
    local: tuple = ()  # d(узел)/d(родитель), по одному на родителя

    @property
    def grad(self):
        return GRADS.get(id(self), 0.0)

    @grad.setter
    def grad(self, g):
        GRADS[id(self)] = g

    def __setattr__(self, name, value):
        if name != "grad":
            raise AttributeError(name)
        GRADS[id(self)] = value

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"

    def __eq__(self, other):
        return self is other

    def __hash__(self):
        return id(self)

    def __add__(self, other):
        other = other if isinstance(other, Value) else Value(float(other))
        return Value(self.data + other.data, (self, other), (1.0, 1.0))

    def __mul__(self, other):
        other = other if isinstance(other, Value) else Value(float(other))
        return Value(self.data * other.data, (self, other), (other.data, self.data))

    def __pow__(self, n):
        return Value(self.data ** n, (self,), (n * self.data ** (n - 1),))

    def relu(self):
        return Value(max(0.0, self.data), (self,), (float(self.data > 0),))

    def tanh(self):
        y = math.tanh(self.data)
        return Value(y, (self,), (1 - y * y,))

    def exp(self):
        y = math.exp(self.data)
        return Value(y, (self,), (y,))

    def log(self):
        return Value(math.log(self.data), (self,), (1 / self.data,))

    def __neg__(self):
        return self * -1

    def __radd__(self, other):
        return self + other

    def __sub__(self, other):
        return self + -other

    def __rsub__(self, other):
        return -self + other

    def __rmul__(self, other):
        return self * other

    def __truediv__(self, other):
        return self * other ** -1

    def __rtruediv__(self, other):
        return self ** -1 * other

    def backward(self):
        poryadok, byli = [], set()
        stek = [(self, False)]
        while stek:
            uzel, gotov = stek.pop()
            if gotov:
                poryadok.append(uzel)
            elif id(uzel) not in byli:
                byli.add(id(uzel))
                stek.append((uzel, True))
                stek.extend((p, False) for p in uzel.parents)
        for uzel in poryadok:
            GRADS[id(uzel)] = 0.0
        GRADS[id(self)] = 1.0
        for uzel in reversed(poryadok):
            g = GRADS[id(uzel)]
            for p, d in zip(uzel.parents, uzel.local):
                GRADS[id(p)] = GRADS.get(id(p), 0.0) + d * g
