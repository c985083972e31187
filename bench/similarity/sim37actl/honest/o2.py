# Lab 2 - autograd engine, one subclass per operation (registry pattern)
import math
import random

OPS = {}


def register(cls):
    OPS[cls.name] = cls
    return cls


class Op:
    name = None

    def __init__(self, *inputs, **params):
        self.inputs = inputs
        self.params = params

    def value(self):
        raise NotImplementedError

    def local_grads(self, out):
        raise NotImplementedError


@register
class Add(Op):
    name = '+'

    def value(self):
        return self.inputs[0].data + self.inputs[1].data

    def local_grads(self, out):
        return [1.0, 1.0]


@register
class Mul(Op):
    name = '*'

    def value(self):
        return self.inputs[0].data * self.inputs[1].data

    def local_grads(self, out):
        return [self.inputs[1].data, self.inputs[0].data]


@register
class Pow(Op):
    name = '**'

    def value(self):
        return self.inputs[0].data ** self.params['n']

    def local_grads(self, out):
        n = self.params['n']
        return [n * self.inputs[0].data ** (n - 1)]


@register
class Relu(Op):
    name = 'ReLU'

    def value(self):
        return max(0.0, self.inputs[0].data)

    def local_grads(self, out):
        return [float(out.data > 0)]


@register
class Tanh(Op):
    name = 'tanh'

    def value(self):
        x = self.inputs[0].data
        return (math.exp(2 * x) - 1) / (math.exp(2 * x) + 1)

    def local_grads(self, out):
        return [1 - out.data ** 2]


@register
class Exp(Op):
    name = 'exp'

    def value(self):
        return math.exp(self.inputs[0].data)

    def local_grads(self, out):
        return [out.data]


@register
class Log(Op):
    name = 'log'

    def value(self):
        return math.log(self.inputs[0].data)

    def local_grads(self, out):
        return [1 / self.inputs[0].data]


class Value:
    def __init__(self, data, _children=(), _op=''):
        self.data = data
        self.grad = 0
        self._prev = set(_children)
        self._op = _op
        self._node = None

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"

    @classmethod
    def apply(cls, name, *inputs, **params):
        inputs = tuple(i if isinstance(i, Value) else cls(i) for i in inputs)
        op = OPS[name](*inputs, **params)
        out = cls(op.value(), inputs, name)
        out._node = op
        return out

    def __add__(self, other):
        return Value.apply('+', self, other)

    def __mul__(self, other):
        return Value.apply('*', self, other)

    def __pow__(self, n):
        assert isinstance(n, (int, float))
        return Value.apply('**', self, n=n)

    def relu(self):
        return Value.apply('ReLU', self)

    def tanh(self):
        return Value.apply('tanh', self)

    def exp(self):
        return Value.apply('exp', self)

    def log(self):
        return Value.apply('log', self)

    def __neg__(self):
        return self * -1

    def __radd__(self, other):
        return self + other

    def __sub__(self, other):
        return self + (-other)

    def __rsub__(self, other):
        return other + (-self)

    def __rmul__(self, other):
        return self * other

    def __truediv__(self, other):
        return self * other ** -1

    def __rtruediv__(self, other):
        return other * self ** -1

    def backward(self):
        order, visited = [], set()

        def visit(v):
            if v not in visited:
                visited.add(v)
                for child in v._prev:
                    visit(child)
                order.append(v)

        visit(self)
        self.grad = 1
        for v in reversed(order):
            if v._node:
                for inp, local in zip(v._node.inputs, v._node.local_grads(v)):
                    inp.grad += local * v.grad


if __name__ == '__main__':
    random.seed(42)
    a, b = Value(random.gauss(0, 1)), Value(random.gauss(0, 1))
    c = (a * b).relu() + (a ** 2).log()
    c.backward()
    print(c, a.grad, b.grad)
    print('tolerance', 1e-5)
