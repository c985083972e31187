"""Scalar autodiff engine (exercise 02).

Rather than one closure per operation, every node knows its operation's name,
and a single rule looks up the local derivatives for that name in a table.
Contributions are added, never assigned, so shared nodes get all their paths.
"""

import math


def _local_add(node):
    return [1.0, 1.0]


def _local_mul(node):
    left, right = node._prev_all
    return [right.data, left.data]


def _local_relu(node):
    return [1.0 if node.data > 0 else 0.0]


def _local_pow(node):
    (base,) = node._prev_all
    return [node._arg * base.data ** (node._arg - 1)]


def _local_exp(node):
    return [node.data]


LOCAL = {"+": _local_add, "*": _local_mul, "ReLU": _local_relu, "**": _local_pow, "exp": _local_exp}


class Value:

    def __init__(self, data, _children=(), _op="", _arg=None):
        self.data = data
        self.grad = 0
        self._prev_all = tuple(_children)
        self._prev = tuple(dict.fromkeys(_children))
        self._op = _op
        self._arg = _arg
        self._backward = self._chain if _op in LOCAL else (lambda: None)

    def _chain(self):
        for src, d in zip(self._prev_all, LOCAL[self._op](self)):
            src.grad += d * self.grad

    @staticmethod
    def _v(x):
        return x if isinstance(x, Value) else Value(x)

    def __add__(self, x):
        x = Value._v(x)
        return Value(self.data + x.data, (self, x), "+")

    def __radd__(self, x):
        return self + x

    def __mul__(self, x):
        x = Value._v(x)
        return Value(self.data * x.data, (self, x), "*")

    def __rmul__(self, x):
        return self * x

    def __pow__(self, p):
        return Value(self.data ** p, (self,), "**", p)

    def exp(self):
        return Value(math.exp(self.data), (self,), "exp")

    def relu(self):
        return Value(self.data if self.data > 0 else 0, (self,), "ReLU")

    def backward(self):
        ordered, done = [], set()

        def place(v):
            if v not in done:
                done.add(v)
                for w in v._prev:
                    place(w)
                ordered.append(v)

        place(self)
        self.grad = 1
        for v in ordered[::-1]:
            v._backward()

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"


CASES = [
    ("a*a", lambda: _grad_of(lambda a: a * a, 3.0), 6.0),
    ("a*a+a*b+a", lambda: _grad_of(lambda a: a * a + a * -1.0 + a, 2.0), 4.0),
    ("exp(c**3)+exp(c)", lambda: _grad_of(lambda c: (c ** 3).exp() + c.exp(), 0.5),
     3 * 0.25 * math.exp(0.125) + math.exp(0.5)),
]


def _grad_of(f, x):
    leaf = Value(x)
    f(leaf).backward()
    return leaf.grad


if __name__ == "__main__":
    for label, run, want in CASES:
        got = run()
        assert abs(got - want) < 1e-9, (label, got, want)
    print("ok")
