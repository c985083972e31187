"""Домашнее задание 2 -- Денис Орлов.

Узел помнит операцию, а производные считает отдельный объект Rules: для каждой
операции метод d_<имя>, который возвращает локальные производные по аргументам.
Граф можно выгрузить в graphviz.
"""

import math


class Rules:
    """Локальные производные: d_<op>(node) -> кортеж, по числу на аргумент."""

    def d_add(self, node):
        return 1.0, 1.0

    def d_mul(self, node):
        left, right = node.args
        return right.data, left.data

    def d_pow(self, node):
        (base,) = node.args
        return (node.k * base.data ** (node.k - 1),)

    def d_relu(self, node):
        return (float(node.args[0].data > 0),)

    def d_tanh(self, node):
        return (1.0 - node.data ** 2,)

    def d_exp(self, node):
        return (node.data,)

    def d_log(self, node):
        return (1.0 / node.args[0].data,)


RULES = Rules()


class Value:
    def __init__(self, data, args=(), op=None, k=None):
        self.data = float(data)
        self.grad = 0.0
        self.args, self.op, self.k = args, op, k

    @staticmethod
    def wrap(x):
        return x if isinstance(x, Value) else Value(x)

    def _unary(self, op, value, k=None):
        return Value(value, (self,), op, k)

    def __add__(self, other):
        other = Value.wrap(other)
        return Value(self.data + other.data, (self, other), "add")

    def __mul__(self, other):
        other = Value.wrap(other)
        return Value(self.data * other.data, (self, other), "mul")

    def __pow__(self, k):
        return self._unary("pow", self.data ** k, k)

    def relu(self):
        return self._unary("relu", self.data if self.data > 0 else 0.0)

    def tanh(self):
        return self._unary("tanh", math.tanh(self.data))

    def exp(self):
        return self._unary("exp", math.exp(self.data))

    def log(self):
        return self._unary("log", math.log(self.data))

    def __radd__(self, other):
        return self + other

    def __rmul__(self, other):
        return self * other

    def __neg__(self):
        return -1 * self

    def __sub__(self, other):
        return self + (-1) * Value.wrap(other)

    def __rsub__(self, other):
        return Value.wrap(other) + (-1) * self

    def __truediv__(self, other):
        return self * Value.wrap(other) ** -1

    def __rtruediv__(self, other):
        return Value.wrap(other) * self ** -1

    def walk(self):
        """Обратный топологический порядок: корень первым."""
        post, visited = [], set()
        pending = [(self, True)]
        while pending:
            node, expand = pending.pop()
            if not expand:
                post.append(node)
                continue
            if node in visited:
                continue
            visited.add(node)
            pending.append((node, False))
            pending.extend((arg, True) for arg in node.args)
        return post[::-1]

    def backward(self):
        self.grad = 1.0
        for node in self.walk():
            if node.op is None:
                continue
            local = getattr(RULES, "d_" + node.op)(node)
            for arg, d in zip(node.args, local):
                arg.grad += node.grad * d

    def to_dot(self):
        lines = ["digraph {"]
        for node in self.walk():
            lines.append(f'  "{id(node)}" [label="{node.op or ""} {node.data:.3g} / {node.grad:.3g}"];')
            lines += [f'  "{id(arg)}" -> "{id(node)}";' for arg in node.args]
        lines.append("}")
        return "\n".join(lines)

    def __repr__(self):
        return f"Value({self.data}, op={self.op!r}, grad={self.grad})"
