"""Elena V. -- engine.py. Every operation is a class of its own; defining the class registers it by its symbol
(Operation.__init_subclass__), and Value looks operations up in that registry."""
import math


class Operation:
    registry = {}

    def __init_subclass__(cls, symbol, **kwargs):
        super().__init_subclass__(**kwargs)
        cls.symbol = symbol
        Operation.registry[symbol] = cls

    @classmethod
    def apply(cls, *args, param=None):
        result = Value(cls.forward(*[a.data for a in args], param), args, cls.symbol)
        result._rule = cls
        result._param = param
        return result


class Plus(Operation, symbol='+'):
    @staticmethod
    def forward(a, b, _):
        return a + b

    @staticmethod
    def backward(node, g):
        a, b = node._prev
        a.grad += g
        b.grad += g


class Times(Operation, symbol='*'):
    @staticmethod
    def forward(a, b, _):
        return a * b

    @staticmethod
    def backward(node, g):
        a, b = node._prev
        a.grad += b.data * g
        b.grad += a.data * g


class Divide(Operation, symbol='/'):
    @staticmethod
    def forward(a, b, _):
        return a / b

    @staticmethod
    def backward(node, g):
        a, b = node._prev
        a.grad += g / b.data
        b.grad -= g * a.data / b.data ** 2


class Power(Operation, symbol='**'):
    @staticmethod
    def forward(a, p):
        return a ** p

    @staticmethod
    def backward(node, g):
        (a,) = node._prev
        p = node._param
        a.grad += p * a.data ** (p - 1) * g


class Exp(Operation, symbol='exp'):
    @staticmethod
    def forward(a, _):
        return math.exp(a)

    @staticmethod
    def backward(node, g):
        node._prev[0].grad += node.data * g


class Log(Operation, symbol='log'):
    @staticmethod
    def forward(a, _):
        try:
            return math.log(a)
        except ValueError:
            return float('nan')

    @staticmethod
    def backward(node, g):
        node._prev[0].grad += g / node._prev[0].data


class Tanh(Operation, symbol='tanh'):
    @staticmethod
    def forward(a, _):
        return math.tanh(a)

    @staticmethod
    def backward(node, g):
        node._prev[0].grad += (1 - node.data ** 2) * g


class Relu(Operation, symbol='relu'):
    @staticmethod
    def forward(a, _):
        return max(a, 0.0)

    @staticmethod
    def backward(node, g):
        node._prev[0].grad += (node.data > 0) * g


def lift(x):
    return x if isinstance(x, Value) else Value(x)


class Value:

    def __init__(self, data, prev=(), op=''):
        if not isinstance(data, (int, float)):
            raise TypeError("a Value holds an int or a float, not " + type(data).__name__)
        self.data = data
        self.grad = 0
        self._prev = tuple(prev)
        self._op = op
        self._rule = None
        self._param = None

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"

    def __add__(self, other):
        return Operation.registry['+'].apply(self, lift(other))

    def __radd__(self, other):
        return self + other

    def __mul__(self, other):
        return Operation.registry['*'].apply(self, lift(other))

    def __rmul__(self, other):
        return self * other

    def __truediv__(self, other):
        return Operation.registry['/'].apply(self, lift(other))

    def __rtruediv__(self, other):
        return lift(other) / self

    def __pow__(self, p):
        if not isinstance(p, (int, float)):
            raise AssertionError("powers must be numbers")
        return Operation.registry['**'].apply(self, param=float(p))

    def __neg__(self):
        return self * -1

    def __sub__(self, other):
        return self + (-other)

    def __rsub__(self, other):
        return (-self) + other

    def exp(self):
        return Operation.registry['exp'].apply(self)

    def log(self):
        return Operation.registry['log'].apply(self)

    def tanh(self):
        return Operation.registry['tanh'].apply(self)

    def relu(self):
        return Operation.registry['relu'].apply(self)

    def backward(self):
        order, seen = [], set()

        def topo(v):
            if v not in seen:
                seen.add(v)
                for p in v._prev:
                    topo(p)
                order.append(v)
        topo(self)
        self.grad = 1
        for v in reversed(order):
            if v._rule is not None:
                v._rule.backward(v, v.grad)
