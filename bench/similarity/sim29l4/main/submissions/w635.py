import math
import functools


class Value:
    def __init__(self, data, parents=(), grads=(), op=""):
        self.data = data
        self.grad = 0.0
        self._prev = tuple(parents)
        self._grads = tuple(grads)
        self._op = op

    def backward(self):
        seen, topo = set(), []

        def walk(v):
            if v not in seen:
                seen.add(v)
                for p in v._prev:
                    walk(p)
                topo.append(v)
        walk(self)
        self.grad = 1.0
        for v in reversed(topo):
            for p, local in zip(v._prev, v._grads):
                p.grad += local * v.grad

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"


def op(name):
    """Decorator: the function takes floats and returns (value, [d value / d arg for each arg])."""
    def wrap(fn):
        @functools.wraps(fn)
        def on_values(*args):
            vals = [a if isinstance(a, Value) else Value(a) for a in args]
            data, grads = fn(*[v.data for v in vals])
            return Value(data, vals, grads, name)
        return on_values
    return wrap


@op("+")
def _add(a, b):
    return a + b, [1.0, 1.0]


@op("*")
def _mul(a, b):
    return a * b, [b, a]


@op("exp")
def _exp(a):
    y = math.exp(a)
    return y, [y]


@op("log")
def _log(a):
    return math.log(a), [1.0 / a]


@op("tanh")
def _tanh(a):
    y = math.tanh(a)
    return y, [1.0 - y * y]


@op("relu")
def _relu(a):
    return max(0.0, a), [1.0 if a > 0 else 0.0]


def _pow(v, k):
    @op("**")
    def f(a):
        return a ** k, [k * a ** (k - 1)]
    return f(v)


Value.__add__ = _add
Value.__radd__ = lambda self, other: _add(other, self)
Value.__mul__ = _mul
Value.__rmul__ = lambda self, other: _mul(other, self)
Value.__pow__ = _pow
Value.exp = _exp
Value.log = _log
Value.tanh = _tanh
Value.relu = _relu
Value.__neg__ = lambda self: self * -1
Value.__sub__ = lambda self, other: self + (-other)
Value.__rsub__ = lambda self, other: other + (-self)
Value.__truediv__ = lambda self, other: self * other ** -1
Value.__rtruediv__ = lambda self, other: other * self ** -1
