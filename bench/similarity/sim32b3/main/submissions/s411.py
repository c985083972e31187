import math


def to_val(v):
    if isinstance(v, Value):
        return v
    if isinstance(v, (int, float)):
        return Value(v)
    raise TypeError(f"cannot make a Value of {type(v).__name__}")


class Value:
    """Scalar autodiff. Each node has a backward function that turns the incoming
    gradient into one contribution per input; backward() adds them up in a dict and
    only touches .grad at the very end."""

    def __init__(self, data, srcs=(), fn=None, op=""):
        self.data = data
        self.grad = 0
        self.srcs = tuple(srcs)
        self.fn = fn
        self.op = op

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"

    def tanh(self):
        y = math.tanh(self.data)
        return Value(y, (self,), lambda up: ((1 - y * y) * up,), "tanh")

    def relu(self):
        pos = self.data > 0
        return Value(self.data if pos else 0, (self,), lambda up: (up if pos else 0,), "relu")

    def __pow__(self, e):
        if not isinstance(e, (int, float)):
            raise TypeError("exponent must be a number")
        base = self.data
        return Value(base ** e, (self,), lambda up: (e * base ** (e - 1) * up,), f"**{e}")

    def __mul__(self, other):
        other = to_val(other)
        x, y = self.data, other.data
        return Value(x * y, (self, other), lambda up: (y * up, x * up), "*")

    def __rmul__(self, other):
        return self * other

    def __add__(self, other):
        other = to_val(other)
        return Value(self.data + other.data, (self, other), lambda up: (up, up), "+")

    def __radd__(self, other):
        return self + other

    def __neg__(self):
        return self * -1

    def __sub__(self, other):
        return self + -to_val(other)

    def backward(self):
        order, seen = [], set()

        def walk(n):
            seen.add(n)
            for s in n.srcs:
                if s not in seen:
                    walk(s)
            order.append(n)

        walk(self)
        acc = {self: 1}
        for n in order[::-1]:
            if n.fn is None:
                continue
            up = acc.get(n, 0)
            for s, part in zip(n.srcs, n.fn(up)):
                acc[s] = acc.get(s, 0) + part
        for n in acc:
            n.grad = n.grad + acc[n]
