"""Autodiff homework (Yuki Tanaka).

Every operation appends one entry to a global tape: the index of its output and,
for each input, the input's index and the local slope. backward() replays the tape
from the end, which is a valid reverse topological order because an entry is
always written after the entries of its inputs.
"""
import math

TAPE = []    # (out index, [(in index, slope), ...])
NODES = []   # index -> Value


class Value:
    def __init__(self, data, edges=()):
        self.data = float(data)
        self.grad = 0.0
        self.index = len(NODES)
        NODES.append(self)
        if edges:
            TAPE.append((self.index, [(v.index, slope) for v, slope in edges]))

    def __repr__(self):
        return "Value(data=%s, grad=%s)" % (self.data, self.grad)


def as_value(x):
    return x if isinstance(x, Value) else Value(x)


def add(a, b):
    a, b = as_value(a), as_value(b)
    return Value(a.data + b.data, [(a, 1.0), (b, 1.0)])


def mul(a, b):
    a, b = as_value(a), as_value(b)
    return Value(a.data * b.data, [(a, b.data), (b, a.data)])


def power(a, n):
    return Value(a.data ** n, [(a, n * a.data ** (n - 1))])


def unary(f, slope):
    def op(a):
        return Value(f(a.data), [(a, slope(a.data))])
    return op


Value.__add__ = add
Value.__radd__ = lambda a, b: add(b, a)
Value.__mul__ = mul
Value.__rmul__ = lambda a, b: mul(b, a)
Value.__pow__ = power
Value.__neg__ = lambda a: mul(a, -1.0)
Value.__sub__ = lambda a, b: add(a, mul(b, -1.0))
Value.__rsub__ = lambda a, b: add(b, mul(a, -1.0))
Value.__truediv__ = lambda a, b: mul(a, power(as_value(b), -1))
Value.__rtruediv__ = lambda a, b: mul(b, power(a, -1))
Value.relu = unary(lambda x: x if x > 0 else 0.0, lambda x: 1.0 if x > 0 else 0.0)
Value.tanh = unary(math.tanh, lambda x: 1 - math.tanh(x) ** 2)
Value.exp = unary(math.exp, math.exp)
Value.log = unary(math.log, lambda x: 1 / x)


def backward(self):
    self.grad = 1.0
    for out, ins in reversed(TAPE[:]):
        if out > self.index:
            continue
        g = NODES[out].grad
        for i, slope in ins:
            NODES[i].grad += slope * g


Value.backward = backward


def numeric(f, x0, h=1e-6):
    return (f(x0 + h) - f(x0 - h)) / (2 * h)


if __name__ == "__main__":
    a = Value(1.2)
    out = (a * a).tanh() + a.exp() / 3
    out.backward()
    est = numeric(lambda t: math.tanh(t * t) + math.exp(t) / 3, 1.2)
    print("analytic", a.grad, "numeric", est)
