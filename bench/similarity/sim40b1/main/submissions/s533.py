# ДЗ 2 -- Максим Ли.
# Операторы создаются в цикле из модуля operator (setattr), у узла __slots__;
# обратный проход -- явный стек кадров (узел, состояние): 0 -- пришли, 1 -- дети готовы.

import math
import operator


class Value:
    __slots__ = ("data", "grad", "parents", "partials")

    def __init__(self, data, parents=(), partials=()):
        self.data = float(data)
        self.grad = 0.0
        self.parents = parents
        self.partials = partials

    def __pow__(self, e):
        return Value(self.data ** e, (self,), (e * self.data ** (e - 1),))

    def relu(self):
        on = self.data > 0
        return Value(self.data if on else 0.0, (self,), (1.0 if on else 0.0,))

    def tanh(self):
        t = math.tanh(self.data)
        return Value(t, (self,), (1.0 - t * t,))

    def exp(self):
        e = math.exp(self.data)
        return Value(e, (self,), (e,))

    def log(self):
        return Value(math.log(self.data), (self,), (1.0 / self.data,))

    def backward(self):
        post = []
        visited = set()
        frames = [(self, 0)]
        while frames:
            node, state = frames.pop()
            if state == 1:
                post.append(node)
            elif id(node) not in visited:
                visited.add(id(node))
                frames.append((node, 1))
                frames.extend((p, 0) for p in node.parents if id(p) not in visited)
        self.grad = 1.0
        for node in reversed(post):
            for p, d in zip(node.parents, node.partials):
                p.grad += d * node.grad

    def __repr__(self):
        return f"Value({self.data:.5f}, grad={self.grad:.5f})"


def _lift(x):
    return x if isinstance(x, Value) else Value(x)


# (имя метода, функция, локальные производные по (a, b))
_BINARY = (
    ("__add__", operator.add, lambda a, b: (1.0, 1.0)),
    ("__mul__", operator.mul, lambda a, b: (b, a)),
)


def _make(fn, partials, swap):
    def method(self, other):
        a, b = (_lift(other), self) if swap else (self, _lift(other))
        return Value(fn(a.data, b.data), (a, b), partials(a.data, b.data))
    return method


for _name, _fn, _partials in _BINARY:
    setattr(Value, _name, _make(_fn, _partials, False))
    setattr(Value, "__r" + _name[2:], _make(_fn, _partials, True))

setattr(Value, "__neg__", lambda self: self * -1.0)
setattr(Value, "__sub__", lambda self, other: self + (-_lift(other)))
setattr(Value, "__rsub__", lambda self, other: _lift(other) + (-self))
setattr(Value, "__truediv__", lambda self, other: self * _lift(other) ** -1)
setattr(Value, "__rtruediv__", lambda self, other: _lift(other) * self ** -1)
