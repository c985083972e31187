"""Dong H. engine.py: each op's local gradients come from the LOCAL table, one lambda per op
that gets the inputs' data, the output's data and the op's constant, and returns one gradient per input."""
import math

LOCAL = {
    '+': lambda xs, y, c: (1.0, 1.0),
    '-': lambda xs, y, c: (1.0, -1.0),
    '*': lambda xs, y, c: (xs[1], xs[0]),
    '/': lambda xs, y, c: (1.0 / xs[1], -xs[0] / xs[1] ** 2),
    'neg': lambda xs, y, c: (-1.0,),
    'pow': lambda xs, y, c: (c * xs[0] ** (c - 1),),
    'exp': lambda xs, y, c: (y,),
    'log': lambda xs, y, c: (1.0 / xs[0],),
    'tanh': lambda xs, y, c: (1.0 - y * y,),
    'relu': lambda xs, y, c: (1.0 if xs[0] > 0 else 0.0,),
}


class Value:
    def __init__(self, data, inputs=(), op=None, const=None):
        self.data = data
        self.grad = 0.0
        self.inputs = tuple(inputs)
        self.op = op
        self.const = const

    def __repr__(self):
        return f"Value({self.data!r})"

    @staticmethod
    def lift(x):
        return x if isinstance(x, Value) else Value(x)

    def __add__(self, o):
        o = Value.lift(o)
        return Value(self.data + o.data, (self, o), '+')

    def __sub__(self, o):
        o = Value.lift(o)
        return Value(self.data - o.data, (self, o), '-')

    def __mul__(self, o):
        o = Value.lift(o)
        return Value(self.data * o.data, (self, o), '*')

    def __truediv__(self, o):
        o = Value.lift(o)
        return Value(self.data / o.data, (self, o), '/')

    def __radd__(self, o):
        return Value.lift(o) + self

    def __rsub__(self, o):
        return Value.lift(o) - self

    def __rmul__(self, o):
        return Value.lift(o) * self

    def __rtruediv__(self, o):
        return Value.lift(o) / self

    def __neg__(self):
        return Value(-self.data, (self,), 'neg')

    def __pow__(self, c):
        assert isinstance(c, (int, float))
        return Value(self.data ** c, (self,), 'pow', c)

    def exp(self):
        return Value(math.exp(self.data), (self,), 'exp')

    def log(self):
        return Value(math.log(self.data), (self,), 'log')

    def tanh(self):
        return Value(math.tanh(self.data), (self,), 'tanh')

    def relu(self):
        return Value(max(self.data, 0.0), (self,), 'relu')

    def backward(self):
        order, seen = [], set()

        def visit(v):
            if id(v) in seen:
                return
            seen.add(id(v))
            for u in v.inputs:
                visit(u)
            order.append(v)
        visit(self)
        self.grad = 1.0
        for v in reversed(order):
            if v.op is None:
                continue
            grads = LOCAL[v.op]([u.data for u in v.inputs], v.data, v.const)
            for u, g in zip(v.inputs, grads):
                u.grad += g * v.grad
