"""Домашнее задание 2 -- Кирилл Соколов.

Свой вариант: узел хранит имя операции, а производные -- в словаре DERIV
(операция -> функция, которая по узлу возвращает локальные производные по
аргументам). Плюс экспорт графа в graphviz (to_dot), очень помогает отлаживать.
"""

import math

DERIV = {
    "+": lambda v: (1.0, 1.0),
    "*": lambda v: (v.args[1].data, v.args[0].data),
    "**": lambda v: (v.k * v.args[0].data ** (v.k - 1),),
    "relu": lambda v: (1.0 if v.args[0].data > 0 else 0.0,),
    "tanh": lambda v: (1.0 - v.data ** 2,),
    "exp": lambda v: (v.data,),
    "log": lambda v: (1.0 / v.args[0].data,),
}


class Value:
    def __init__(self, data, args=(), op="", k=None):
        self.data = float(data)
        self.grad = 0.0
        self.args = args
        self.op = op
        self.k = k

    @classmethod
    def of(cls, x):
        return x if isinstance(x, Value) else cls(x)

    def __add__(self, other):
        other = Value.of(other)
        return Value(self.data + other.data, (self, other), "+")

    def __mul__(self, other):
        other = Value.of(other)
        return Value(self.data * other.data, (self, other), "*")

    def __pow__(self, k):
        return Value(self.data ** k, (self,), "**", k)

    def relu(self):
        return Value(max(0.0, self.data), (self,), "relu")

    def tanh(self):
        return Value(math.tanh(self.data), (self,), "tanh")

    def exp(self):
        return Value(math.exp(self.data), (self,), "exp")

    def log(self):
        return Value(math.log(self.data), (self,), "log")

    def __neg__(self):
        return self * -1

    def __radd__(self, other):
        return self + other

    def __sub__(self, other):
        return self + -Value.of(other)

    def __rsub__(self, other):
        return Value.of(other) - self

    def __rmul__(self, other):
        return self * other

    def __truediv__(self, other):
        return self * Value.of(other) ** -1

    def __rtruediv__(self, other):
        return Value.of(other) / self

    def nodes(self):
        """Узлы графа, каждый после своих аргументов (обход в глубину на стеке)."""
        order, seen, stack = [], set(), [(self, False)]
        while stack:
            v, ready = stack.pop()
            if ready:
                order.append(v)
            elif v not in seen:
                seen.add(v)
                stack.append((v, True))
                for a in v.args:
                    stack.append((a, False))
        return order

    def backward(self):
        self.grad = 1.0
        for v in reversed(self.nodes()):
            if v.op:
                for a, d in zip(v.args, DERIV[v.op](v)):
                    a.grad += d * v.grad

    def to_dot(self):
        out = ["digraph {"]
        for v in self.nodes():
            out.append(f'  "{id(v)}" [label="{v.op} {v.data:.3g} / {v.grad:.3g}"];')
            out.extend(f'  "{id(a)}" -> "{id(v)}";' for a in v.args)
        return "\n".join(out + ["}"])

    def __repr__(self):
        return f"Value({self.data}, op={self.op!r}, grad={self.grad})"
