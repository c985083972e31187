# engine.py -- Amara Okafor
# Each operation is registered once: how to compute it and its local derivatives.
import math

RULES = {}


def rule(name):
    def register(fn):
        RULES[name] = fn
        return fn
    return register


@rule("add")
def _add(x, y):
    return x + y, (1.0, 1.0)


@rule("mul")
def _mul(x, y):
    return x * y, (y, x)


@rule("relu")
def _relu(x):
    return (x, (1.0,)) if x > 0 else (0.0, (0.0,))


@rule("tanh")
def _tanh(x):
    t = math.tanh(x)
    return t, (1 - t ** 2,)


@rule("exp")
def _exp(x):
    e = math.exp(x)
    return e, (e,)


@rule("log")
def _log(x):
    return math.log(x), (1 / x,)


class Value:
    def __init__(self, data, inputs=(), locals_=(), op=""):
        self.data = data
        self.grad = 0.0
        self.inputs = tuple(inputs)
        self.locals = tuple(locals_)
        self.op = op

    @classmethod
    def apply(cls, name, *args):
        args = [a if isinstance(a, cls) else cls(a) for a in args]
        data, local = RULES[name](*(a.data for a in args))
        return cls(data, args, local, name)

    def __add__(self, other):
        return Value.apply("add", self, other)

    def __radd__(self, other):
        return Value.apply("add", other, self)

    def __mul__(self, other):
        return Value.apply("mul", self, other)

    def __rmul__(self, other):
        return Value.apply("mul", other, self)

    def __pow__(self, k):
        assert isinstance(k, (int, float)), "only numeric exponents are supported"
        return Value(self.data ** k, (self,), (k * self.data ** (k - 1),), f"pow{k}")

    def __neg__(self):
        return self * -1

    def __sub__(self, other):
        return self + (-1) * other

    def __rsub__(self, other):
        return other + (-1) * self

    def __truediv__(self, other):
        return self * (other if isinstance(other, Value) else Value(other)) ** -1

    def __rtruediv__(self, other):
        return other * self ** -1

    def relu(self):
        return Value.apply("relu", self)

    def tanh(self):
        return Value.apply("tanh", self)

    def exp(self):
        return Value.apply("exp", self)

    def log(self):
        return Value.apply("log", self)

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
            for u, d in zip(v.inputs, v.locals):
                u.grad += d * v.grad

    def __repr__(self):
        return f"<Value {self.data:.4g} | grad {self.grad:.4g}>"
