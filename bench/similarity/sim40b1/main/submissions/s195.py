# ДЗ 2 -- Ксения Белова
# Сделала по-своему: код операции -- целое число, все производные в одном месте (_push).
# Узлы нумеруются при создании, backward сортирует по номеру (аргумент всегда старше результата).

import itertools
import math

ADD, MUL, POW, RELU, TANH, EXP, LOG = range(1, 8)
_counter = itertools.count()


class Value:
    __slots__ = ("data", "grad", "code", "a", "b", "k", "n")

    def __init__(self, data, code=0, a=None, b=None, k=None):
        self.data = float(data)
        self.grad = 0.0
        self.code, self.a, self.b, self.k = code, a, b, k
        self.n = next(_counter)

    def __add__(self, o):
        o = o if isinstance(o, Value) else Value(o)
        return Value(self.data + o.data, ADD, self, o)

    def __mul__(self, o):
        o = o if isinstance(o, Value) else Value(o)
        return Value(self.data * o.data, MUL, self, o)

    def __pow__(self, k):
        return Value(self.data ** k, POW, self, k=k)

    def relu(self):
        return Value(self.data * (self.data > 0), RELU, self)

    def tanh(self):
        return Value(math.tanh(self.data), TANH, self)

    def exp(self):
        return Value(math.exp(self.data), EXP, self)

    def log(self):
        return Value(math.log(self.data), LOG, self)

    def __neg__(self): return self * -1
    def __radd__(self, o): return self + o
    def __rmul__(self, o): return self * o
    def __sub__(self, o): return self + (-o)
    def __rsub__(self, o): return -self + o
    def __truediv__(self, o): return self * (o if isinstance(o, Value) else Value(o)) ** -1
    def __rtruediv__(self, o): return Value(o) * self ** -1

    def _push(self):
        g, a, b = self.grad, self.a, self.b
        c = self.code
        if c == ADD:
            a.grad += g
            b.grad += g
        elif c == MUL:
            a.grad += b.data * g
            b.grad += a.data * g
        elif c == POW:
            a.grad += self.k * a.data ** (self.k - 1) * g
        elif c == RELU:
            a.grad += g * (a.data > 0)
        elif c == TANH:
            a.grad += (1 - self.data ** 2) * g
        elif c == EXP:
            a.grad += self.data * g
        elif c == LOG:
            a.grad += g / a.data

    def backward(self):
        found = {id(self): self}
        todo = [self]
        while todo:  # собираем все узлы графа
            v = todo.pop()
            for u in (v.a, v.b):
                if u is not None and id(u) not in found:
                    found[id(u)] = u
                    todo.append(u)
        self.grad = 1.0
        for v in sorted(found.values(), key=lambda v: v.n, reverse=True):
            if v.code:
                v._push()

    def __repr__(self):
        return f"Value({self.data}, grad={self.grad})"
