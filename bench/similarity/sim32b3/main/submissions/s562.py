"""Exercise 03 engine (Dara). The backward rules are methods, picked from a table by op."""

import math


class Value:

    def __init__(self, data, _children=(), _op=""):
        self.data = data
        self.grad = 0
        self._prev = tuple(dict.fromkeys(_children))
        self._op = _op
        self.power = None

    def _lift(v):
        return v if isinstance(v, Value) else Value(v)

    def __add__(self, other):
        other = Value._lift(other)
        return Value(self.data + other.data, (self, other), "+")

    def __mul__(self, other):
        other = Value._lift(other)
        return Value(self.data * other.data, (self, other), "*")

    def __pow__(self, n):
        if type(n) not in (int, float):
            raise TypeError("only number powers")
        res = Value(self.data ** n, (self,), "**")
        res.power = n
        return res

    def relu(self):
        return Value(max(0, self.data), (self,), "ReLU")

    def tanh(self):
        return Value(math.tanh(self.data), (self,), "tanh")

    def __radd__(self, other):
        return self + other

    def __rmul__(self, other):
        return self * other

    def _back_add(self):
        for p in self._prev:
            p.grad += self.grad * (2 if len(self._prev) == 1 else 1)

    def _back_mul(self):
        if len(self._prev) == 1:
            (p,) = self._prev
            p.grad += 2 * p.data * self.grad
        else:
            a, b = self._prev
            a.grad += b.data * self.grad
            b.grad += a.data * self.grad

    def _back_pow(self):
        (p,) = self._prev
        p.grad += self.power * p.data ** (self.power - 1) * self.grad

    def _back_relu(self):
        self._prev[0].grad += (self.data > 0) * self.grad

    def _back_tanh(self):
        self._prev[0].grad += (1 - self.data ** 2) * self.grad

    RULES = {"+": _back_add, "*": _back_mul, "**": _back_pow, "ReLU": _back_relu, "tanh": _back_tanh}

    def _propagate(self):
        if not self.grad:  # no gradient arrived: nothing to pass on
            return
        rule = Value.RULES.get(self._op)
        if rule is None:
            return
        rule(self)

    def backward(self):
        seen, order = set(), []

        def post(v):
            seen.add(id(v))
            for c in v._prev:
                if id(c) not in seen:
                    post(c)
            order.append(v)

        post(self)
        self.grad = 1
        for v in reversed(order):
            v._propagate()

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"
