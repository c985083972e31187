import math


class Value:
    def __init__(self, data, edges=(), op=""):
        self.data = data
        self.grad = 0
        self._edges = tuple(edges)  # (input, d self / d input)
        self._prev = tuple(e[0] for e in self._edges)
        self._op = op

    def backward(self):
        topo, visited = [], set()
        stack = [(self, False)]
        while stack:
            n, ready = stack.pop()
            if ready:
                topo.append(n)
                continue
            if n in visited:
                continue
            visited.add(n)
            stack.append((n, True))
            stack.extend((c, False) for c in n._prev if c not in visited)
        self.grad = 1
        for n in topo[::-1]:
            for inp, d in n._edges:
                inp.grad += d * n.grad

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"


def primitive(op):
    """Turn f(floats) -> (result, partials) into an operation on Values."""
    def decorate(f):
        def apply(*args):
            args = [a if isinstance(a, Value) else Value(a) for a in args]
            result, partials = f(*(a.data for a in args))
            return Value(result, zip(args, partials), op)
        return apply
    return decorate


@primitive("+")
def add(x, y):
    return x + y, (1, 1)


@primitive("*")
def mul(x, y):
    return x * y, (y, x)


@primitive("exp")
def exp(x):
    e = math.exp(x)
    return e, (e,)


@primitive("log")
def log(x):
    return math.log(x), (1 / x,)


@primitive("tanh")
def tanh(x):
    t = math.tanh(x)
    return t, (1 - t ** 2,)


@primitive("ReLU")
def relu(x):
    return (0 if x < 0 else x), (1 if x > 0 else 0,)


def power(v, k):
    assert isinstance(k, (int, float)), "the exponent has to be an int or a float"
    return primitive(f"**{k}")(lambda x: (math.pow(x, k), (k * math.pow(x, k - 1),)))(v)


Value.__add__ = Value.__radd__ = add
Value.__mul__ = Value.__rmul__ = mul
Value.__pow__ = power
Value.exp, Value.log, Value.tanh, Value.relu = exp, log, tanh, relu
Value.__neg__ = lambda self: self * -1
Value.__sub__ = lambda self, other: self + (-other)
Value.__rsub__ = lambda self, other: -(self - other)
Value.__truediv__ = lambda self, other: self * other ** -1
Value.__rtruediv__ = lambda self, other: (self / other) ** -1
