"""Qiu Y. - engine.py: torch-like Functions that register themselves."""
import math

FUNCTIONS = {}


class Function:
    name = None

    def __init_subclass__(cls):
        super().__init_subclass__()
        if cls.name:
            FUNCTIONS[cls.name] = cls

    @classmethod
    def call(cls, *parents, k=None):
        node = Value(cls.fwd([p.data for p in parents], k), parents, cls.name)
        node.fn = cls
        node.k = k
        return node


class AddFn(Function):
    name = 'add'

    @staticmethod
    def fwd(xs, k):
        return xs[0] + xs[1]

    @staticmethod
    def bwd(node):
        for p in node.parents:
            p.grad += node.grad


class MulFn(Function):
    name = 'mul'

    @staticmethod
    def fwd(xs, k):
        return xs[0] * xs[1]

    @staticmethod
    def bwd(node):
        a, b = node.parents
        a.grad += b.data * node.grad
        b.grad += a.data * node.grad


class PowFn(Function):
    name = 'pow'

    @staticmethod
    def fwd(xs, k):
        return xs[0] ** k

    @staticmethod
    def bwd(node):
        a = node.parents[0]
        a.grad += node.k * a.data ** (node.k - 1) * node.grad


class ExpFn(Function):
    name = 'exp'

    @staticmethod
    def fwd(xs, k):
        try:
            return math.exp(xs[0])
        except OverflowError:
            return math.inf

    @staticmethod
    def bwd(node):
        node.parents[0].grad += node.data * node.grad


class LogFn(Function):
    name = 'log'

    @staticmethod
    def fwd(xs, k):
        return math.log(xs[0])

    @staticmethod
    def bwd(node):
        node.parents[0].grad += node.grad / node.parents[0].data


class TanhFn(Function):
    name = 'tanh'

    @staticmethod
    def fwd(xs, k):
        return math.tanh(xs[0])

    @staticmethod
    def bwd(node):
        node.parents[0].grad += (1 - node.data ** 2) * node.grad


class ReluFn(Function):
    name = 'relu'

    @staticmethod
    def fwd(xs, k):
        return max(0.0, xs[0])

    @staticmethod
    def bwd(node):
        node.parents[0].grad += (node.data > 0) * node.grad


class Value:
    def __init__(self, data, parents=(), op=''):
        self.data = data
        self.grad = 0.0
        self.parents = tuple(parents)
        self.op = op
        self.fn = None
        self.k = None

    @staticmethod
    def wrap(x):
        return x if isinstance(x, Value) else Value(x)

    def __add__(self, other):
        return FUNCTIONS['add'].call(self, Value.wrap(other))

    def __mul__(self, other):
        return FUNCTIONS['mul'].call(self, Value.wrap(other))

    def __pow__(self, k):
        assert isinstance(k, (int, float)), "pow: constant exponents only"
        return FUNCTIONS['pow'].call(self, k=float(k))

    def exp(self):
        return FUNCTIONS['exp'].call(self)

    def log(self):
        return FUNCTIONS['log'].call(self)

    def tanh(self):
        return FUNCTIONS['tanh'].call(self)

    def relu(self):
        return FUNCTIONS['relu'].call(self)

    def __neg__(self):
        return self * -1

    def __radd__(self, other):
        return self + other

    def __rmul__(self, other):
        return self * other

    def __sub__(self, other):
        return self + -Value.wrap(other)

    def __rsub__(self, other):
        return Value.wrap(other) + -self

    def __truediv__(self, other):
        return self * Value.wrap(other) ** -1

    def __rtruediv__(self, other):
        return Value.wrap(other) * self ** -1

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"

    def backward(self):
        topo, seen = [], set()

        def visit(n):
            if n not in seen:
                seen.add(n)
                for p in n.parents:
                    visit(p)
                topo.append(n)
        visit(self)
        self.grad = 1.0
        for n in reversed(topo):
            if n.fn is not None:
                n.fn.bwd(n)
