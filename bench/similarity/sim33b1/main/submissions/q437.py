"""Autograd with one class per operation (like torch.autograd.Function)."""
import math


class Op:
    """An operation: forward computes the number, backward the local gradients."""

    def __init__(self, *inputs):
        self.inputs = inputs

    def forward(self, *xs):
        raise NotImplementedError

    def backward(self, out, g):
        raise NotImplementedError


class Add(Op):
    def forward(self, a, b):
        return a + b

    def backward(self, out, g):
        return g, g


class Mul(Op):
    def forward(self, a, b):
        return a * b

    def backward(self, out, g):
        a, b = self.inputs
        return b.data * g, a.data * g


class Pow(Op):
    def __init__(self, x, k):
        super().__init__(x)
        self.k = k

    def forward(self, a):
        return a ** self.k

    def backward(self, out, g):
        (a,) = self.inputs
        return (self.k * a.data ** (self.k - 1) * g,)


class Exp(Op):
    def forward(self, a):
        return math.exp(a)

    def backward(self, out, g):
        return (out.data * g,)


class Log(Op):
    def forward(self, a):
        return math.log(a)

    def backward(self, out, g):
        return (g / self.inputs[0].data,)


class Tanh(Op):
    def forward(self, a):
        return math.tanh(a)

    def backward(self, out, g):
        return ((1 - out.data ** 2) * g,)


class Relu(Op):
    def forward(self, a):
        return a if a > 0 else 0

    def backward(self, out, g):
        return ((out.data > 0) * g,)


def as_value(x):
    return x if isinstance(x, Value) else Value(x)


class Value:
    def __init__(self, data, op=None):
        self.data = data
        self.grad = 0
        self.op = op

    @classmethod
    def apply(cls, op_type, *args, **kw):
        op = op_type(*args, **kw)
        return cls(op.forward(*(v.data for v in op.inputs)), op)

    def __add__(self, other):
        return Value.apply(Add, self, as_value(other))

    def __mul__(self, other):
        return Value.apply(Mul, self, as_value(other))

    def __pow__(self, k):
        assert isinstance(k, (int, float))
        return Value.apply(Pow, self, k)

    def exp(self):
        return Value.apply(Exp, self)

    def log(self):
        return Value.apply(Log, self)

    def tanh(self):
        return Value.apply(Tanh, self)

    def relu(self):
        return Value.apply(Relu, self)

    def __neg__(self):
        return self * -1

    def __sub__(self, other):
        return self + (-as_value(other))

    def __rsub__(self, other):
        return as_value(other) - self

    def __truediv__(self, other):
        return self * as_value(other) ** -1

    def __rtruediv__(self, other):
        return as_value(other) / self

    __radd__ = __add__
    __rmul__ = __mul__

    def _parents(self):
        return self.op.inputs if self.op else ()

    def backward(self):
        order, seen = [], set()

        def visit(v):
            if id(v) in seen:
                return
            seen.add(id(v))
            for p in v._parents():
                visit(p)
            order.append(v)

        visit(self)
        self.grad = 1
        for v in reversed(order):
            if v.op is not None:
                for p, g in zip(v.op.inputs, v.op.backward(v, v.grad)):
                    p.grad += g

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"
