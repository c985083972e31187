"""ДЗ 2 (Тимур Галиев). Узел неизменяемый (NamedTuple), градиенты -- в отдельной таблице по id узла."""

import math
from typing import NamedTuple, Optional

GRADS = {}  # id(узла) -> [узел, градиент]; узел держим, чтобы id не переиспользовался


class Value(NamedTuple):
    data: float
    children: tuple = ()
    op: str = ""
    power: Optional[float] = None

    @property
    def grad(self):
        return GRADS.get(id(self), (self, 0.0))[1]

    @grad.setter
    def grad(self, value):
        GRADS[id(self)] = [self, value]

    @classmethod
    def of(cls, x):
        return x if isinstance(x, Value) else cls(float(x))

    def __add__(self, other):
        other = Value.of(other)
        return Value(self.data + other.data, (self, other), "add")

    def __mul__(self, other):
        other = Value.of(other)
        return Value(self.data * other.data, (self, other), "mul")

    def __pow__(self, k):
        return Value(self.data ** k, (self,), "pow", k)

    def relu(self):
        return Value(self.data if self.data > 0 else 0.0, (self,), "relu")

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
        return self + (-Value.of(other))

    def __rsub__(self, other):
        return Value.of(other) + (-self)

    def __rmul__(self, other):
        return self * other

    def __truediv__(self, other):
        return self * Value.of(other) ** -1

    def __rtruediv__(self, other):
        return Value.of(other) * self ** -1

    def __eq__(self, other):
        return self is other

    def __hash__(self):
        return id(self)

    def __repr__(self):
        return f"Value(data={self.data:.4g}, grad={self.grad:.4g}, op={self.op!r})"

    def backward(self):
        # локальные производные по каждому аргументу, как функции от (узел, аргумент)
        local = {
            "add": lambda n, a: 1.0,
            "mul": lambda n, a: n.children[1].data if a == 0 else n.children[0].data,
            "pow": lambda n, a: n.power * n.children[0].data ** (n.power - 1),
            "relu": lambda n, a: 1.0 if n.children[0].data > 0 else 0.0,
            "tanh": lambda n, a: 1.0 - n.data * n.data,
            "exp": lambda n, a: n.data,
            "log": lambda n, a: 1.0 / n.children[0].data,
        }
        # порядок: путь от корня, у каждого узла -- сколько детей уже обойдено
        order, met = [], {id(self)}
        path = [(self, 0)]
        while path:
            cur, k = path.pop()
            if k == len(cur.children):
                order.append(cur)
                continue
            path.append((cur, k + 1))
            nxt = cur.children[k]
            if id(nxt) not in met:
                met.add(id(nxt))
                path.append((nxt, 0))
        self.grad = 1.0
        for n in reversed(order):
            if n.op:
                for a, child in enumerate(n.children):
                    child.grad = child.grad + local[n.op](n, a) * n.grad
