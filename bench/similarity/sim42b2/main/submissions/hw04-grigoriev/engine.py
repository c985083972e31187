"""Движок Григорьева (ДЗ 4). Свой вариант: у узла список (вход, локальная производная),
обратный проход -- алгоритм Кана от выхода, без замыканий."""

import math


class Value:
    def __init__(self, data, edges=(), op=""):
        self.data = data
        self.grad = 0
        self.edges = list(edges)   # [(вход, d self / d вход), ...]
        self._op = op

    @property
    def _prev(self):
        return tuple(dict.fromkeys(v for v, _ in self.edges))

    @staticmethod
    def wrap(x):
        return x if isinstance(x, Value) else Value(x)

    # --- базовые операции
    def __add__(self, other):
        other = Value.wrap(other)
        return Value(self.data + other.data, [(self, 1.0), (other, 1.0)], "+")

    def __mul__(self, other):
        other = Value.wrap(other)
        return Value(self.data * other.data, [(self, other.data), (other, self.data)], "*")

    def __pow__(self, k):
        assert isinstance(k, (int, float)), "только числовые степени"
        return Value(self.data ** k, [(self, k * self.data ** (k - 1))], f"**{k}")

    def relu(self):
        return Value(max(self.data, 0.0), [(self, 1.0 if self.data > 0 else 0.0)], "relu")

    def tanh(self):
        t = math.tanh(self.data)
        return Value(t, [(self, 1 - t * t)], "tanh")

    def exp(self):
        e = math.exp(self.data)
        return Value(e, [(self, e)], "exp")

    def log(self):
        return Value(math.log(self.data), [(self, 1 / self.data)], "log")

    # --- производные операции
    def __neg__(self):
        return self * -1

    def __radd__(self, other):
        return self + other

    def __sub__(self, other):
        return self + (-Value.wrap(other))

    def __rsub__(self, other):
        return Value.wrap(other) + (-self)

    def __rmul__(self, other):
        return self * other

    def __truediv__(self, other):
        return self * Value.wrap(other) ** -1

    def __rtruediv__(self, other):
        return Value.wrap(other) * self ** -1

    # --- обратный проход
    def backward(self):
        # сколько рёбер входит в каждый узел сверху (число его потребителей)
        users = {self: 0}
        stack = [self]
        while stack:
            v = stack.pop()
            for u, _ in v.edges:
                if u not in users:
                    users[u] = 0
                    stack.append(u)
                users[u] += 1
        self.grad = 1
        ready = [self]
        while ready:
            v = ready.pop()
            for u, d in v.edges:
                u.grad += d * v.grad
                users[u] -= 1
                if users[u] == 0:
                    ready.append(u)

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"
