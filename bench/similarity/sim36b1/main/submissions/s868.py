"""Lab 2 (Jonah W.): one class per operation.

Each operation is a subclass of Op with a forward() and a backward() of its
own; subclasses register themselves by name when they are defined
(__init_subclass__), and Value looks them up in that registry.
"""

import math


class Op:
    registry = {}

    def __init_subclass__(cls, name=None, **kwargs):
        super().__init_subclass__(**kwargs)
        Op.registry[name or cls.__name__.lower()] = cls

    def __init__(self, *inputs):
        self.inputs = inputs

    def forward(self, *xs):
        raise NotImplementedError

    def backward(self, out):
        raise NotImplementedError


class Add(Op, name='+'):
    def forward(self, a, b):
        return a + b

    def backward(self, out):
        a, b = self.inputs
        a.grad += out.grad
        b.grad += out.grad


class Mul(Op, name='*'):
    def forward(self, a, b):
        return a * b

    def backward(self, out):
        a, b = self.inputs
        a.grad += b.data * out.grad
        b.grad += a.data * out.grad


class Pow(Op, name='**'):
    def __init__(self, x, k):
        super().__init__(x)
        self.k = k

    def forward(self, x):
        return x ** self.k

    def backward(self, out):
        (x,) = self.inputs
        x.grad += self.k * x.data ** (self.k - 1) * out.grad


class ReLU(Op, name='ReLU'):
    def forward(self, x):
        return max(0, x)

    def backward(self, out):
        self.inputs[0].grad += (out.data > 0) * out.grad


class Tanh(Op, name='tanh'):
    def forward(self, x):
        return (math.exp(2 * x) - 1) / (math.exp(2 * x) + 1)

    def backward(self, out):
        self.inputs[0].grad += (1 - out.data ** 2) * out.grad


class Exp(Op, name='exp'):
    def forward(self, x):
        return math.exp(x)

    def backward(self, out):
        self.inputs[0].grad += out.data * out.grad


class Log(Op, name='log'):
    def forward(self, x):
        return math.log(x)

    def backward(self, out):
        self.inputs[0].grad += out.grad / self.inputs[0].data


class Value:
    def __init__(self, data, _children=(), _op=''):
        self.data = data
        self.grad = 0.0
        self._prev = set(_children)
        self._op = _op
        self._fn = None

    def __repr__(self):
        return f'Value(data={self.data}, grad={self.grad})'

    @staticmethod
    def _apply(name, *args, k=None):
        args = tuple(a if isinstance(a, Value) else Value(a) for a in args)
        fn = Op.registry[name](*args) if k is None else Op.registry[name](*args, k)
        out = Value(fn.forward(*(a.data for a in args)), args, name)
        out._fn = fn
        return out

    def __add__(self, other): return Value._apply('+', self, other)
    def __mul__(self, other): return Value._apply('*', self, other)
    def __pow__(self, k): return Value._apply('**', self, k=k)
    def relu(self): return Value._apply('ReLU', self)
    def tanh(self): return Value._apply('tanh', self)
    def exp(self): return Value._apply('exp', self)
    def log(self): return Value._apply('log', self)
    def __neg__(self): return self * -1
    def __radd__(self, other): return self + other
    def __rmul__(self, other): return self * other
    def __sub__(self, other): return self + (-other)
    def __rsub__(self, other): return other + (-self)
    def __truediv__(self, other): return self * other ** -1
    def __rtruediv__(self, other): return other * self ** -1

    def _graph(self):
        order, visited, stack = [], set(), [(self, False)]
        while stack:
            v, processed = stack.pop()
            if processed:
                order.append(v)
            elif v not in visited:
                visited.add(v)
                stack.append((v, True))
                stack.extend((c, False) for c in v._prev)
        return order

    def backward(self):
        self.grad = 1.0
        for v in reversed(self._graph()):
            if v._fn is not None:
                v._fn.backward(v)

    def zero_grad(self):
        for v in self._graph():
            v.grad = 0.0


if __name__ == '__main__':
    x = Value(3.0)
    y = x * x + x
    y.backward()
    print(y, x)   # x.grad should be 7
    y.zero_grad()
    z = (x * 2).tanh()
    z.backward()
    print(z, x)
