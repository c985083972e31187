"""ДЗ 2, Юлия Морозова. Свой движок вместо шаблона: граф -- отдельный объект, который владеет узлами.

Узел (Value) -- только номер в графе; данные, градиенты, операции и аргументы лежат
в списках графа. Так backward() -- это просто проход по спискам с конца: узлы
создаются после своих аргументов, значит порядок создания уже топологический.
"""

import math


class Graph:
    def __init__(self):
        self.data = []
        self.grad = []
        self.op = []
        self.args = []  # номера аргументов
        self.extra = []  # показатель степени для pow

    def add_node(self, data, op="", args=(), extra=None):
        self.data.append(float(data))
        self.grad.append(0.0)
        self.op.append(op)
        self.args.append(tuple(args))
        self.extra.append(extra)
        return len(self.data) - 1

    def backward_from(self, root):
        g, d = self.grad, self.data
        g[root] = 1.0
        for i in range(root, -1, -1):
            op, gi = self.op[i], g[i]
            if not op or gi == 0.0:
                continue
            if op == "+":
                for j in self.args[i]:
                    g[j] += gi
            elif op == "*":
                j, k = self.args[i]
                g[j] += d[k] * gi
                g[k] += d[j] * gi
            else:
                (j,) = self.args[i]
                if op == "pow":
                    p = self.extra[i]
                    g[j] += p * d[j] ** (p - 1) * gi
                elif op == "relu":
                    g[j] += gi if d[j] > 0 else 0.0
                elif op == "tanh":
                    g[j] += (1.0 - d[i] ** 2) * gi
                elif op == "exp":
                    g[j] += d[i] * gi
                elif op == "log":
                    g[j] += gi / d[j]


GRAPH = Graph()  # один граф на всю программу


class Value:
    __slots__ = ("id",)

    def __init__(self, data, _op="", _args=(), _extra=None):
        self.id = GRAPH.add_node(data, _op, [a.id for a in _args], _extra)

    data = property(lambda self: GRAPH.data[self.id])
    grad = property(lambda self: GRAPH.grad[self.id],
                    lambda self, v: GRAPH.grad.__setitem__(self.id, v))

    @staticmethod
    def _wrap(x):
        return x if isinstance(x, Value) else Value(x)

    def __add__(self, other):
        other = Value._wrap(other)
        return Value(self.data + other.data, "+", (self, other))

    def __mul__(self, other):
        other = Value._wrap(other)
        return Value(self.data * other.data, "*", (self, other))

    def __pow__(self, p):
        return Value(self.data ** p, "pow", (self,), p)

    def relu(self):
        return Value(max(self.data, 0.0), "relu", (self,))

    def tanh(self):
        return Value(math.tanh(self.data), "tanh", (self,))

    def exp(self):
        return Value(math.exp(self.data), "exp", (self,))

    def log(self):
        return Value(math.log(self.data), "log", (self,))

    def backward(self):
        GRAPH.backward_from(self.id)

    __radd__ = __add__
    __rmul__ = __mul__

    def __neg__(self):
        return self * -1.0

    def __sub__(self, other):
        return self + (-Value._wrap(other))

    def __rsub__(self, other):
        return Value._wrap(other) + (-self)

    def __truediv__(self, other):
        return self * Value._wrap(other) ** -1

    def __rtruediv__(self, other):
        return Value._wrap(other) * self ** -1

    def __repr__(self):
        return f"Value(#{self.id}: data={self.data}, grad={self.grad})"
