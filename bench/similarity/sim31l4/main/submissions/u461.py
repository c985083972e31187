# Pablo G. -- engine.py
# Each operation subclasses Op; __init_subclass__ puts it in Op.ops under its lower-case class name.
import math


class Op:
    ops = {}

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        Op.ops[cls.__name__.lower()] = cls

    def __init__(self, *inputs, **params):
        self.inputs = inputs
        self.params = params

    def run(self):
        out = Value(self.forward(*[x.data for x in self.inputs]), self)
        return out


class Add(Op):
    def forward(self, a, b):
        return a + b

    def local(self, out):
        return (1.0, 1.0)


class Mul(Op):
    def forward(self, a, b):
        return a * b

    def local(self, out):
        a, b = self.inputs
        return (b.data, a.data)


class Pow(Op):
    def forward(self, a):
        return a ** self.params['n']

    def local(self, out):
        n = self.params['n']
        return (n * self.inputs[0].data ** (n - 1),)


class Exp(Op):
    def forward(self, a):
        return math.exp(a)

    def local(self, out):
        return (out.data,)


class Log(Op):
    def forward(self, a):
        return math.log(a)

    def local(self, out):
        return (1.0 / self.inputs[0].data,)


class Tanh(Op):
    def forward(self, a):
        return math.tanh(a)

    def local(self, out):
        return (1.0 - out.data ** 2,)


class Relu(Op):
    def forward(self, a):
        return a if a > 0 else 0.0

    def local(self, out):
        return (1.0 if out.data > 0 else 0.0,)


def _v(x):
    return x if isinstance(x, Value) else Value(x)


class Value:
    def __init__(self, data, maker=None):
        self.data = data
        self.grad = 0.0
        self.maker = maker

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"

    def __add__(self, other):
        return Op.ops['add'](self, _v(other)).run()

    def __mul__(self, other):
        return Op.ops['mul'](self, _v(other)).run()

    def __pow__(self, n):
        return Op.ops['pow'](self, n=n).run()

    def exp(self):
        return Op.ops['exp'](self).run()

    def log(self):
        return Op.ops['log'](self).run()

    def tanh(self):
        return Op.ops['tanh'](self).run()

    def relu(self):
        return Op.ops['relu'](self).run()

    __radd__ = __add__
    __rmul__ = __mul__

    def __neg__(self):
        return self * -1

    def __sub__(self, other):
        return self + _v(other) * -1

    def __rsub__(self, other):
        return _v(other) + self * -1

    def __truediv__(self, other):
        return self * _v(other) ** -1

    def __rtruediv__(self, other):
        return _v(other) * self ** -1

    def backward(self):
        order, seen = [], set()

        def go(v):
            if v not in seen:
                seen.add(v)
                if v.maker:
                    for x in v.maker.inputs:
                        go(x)
                order.append(v)
        go(self)
        self.grad = 1.0
        for v in reversed(order):
            if v.maker:
                for x, d in zip(v.maker.inputs, v.maker.local(v)):
                    x.grad += d * v.grad
