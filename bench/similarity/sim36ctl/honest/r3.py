# engine.py -- Sofia Marques
# Every node keeps a small function that sends its gradient to its inputs; the functions
# for each kind of operation are made by the makers in BACKWARD below.
import math


def _add_back(a, b, out):
    def f():
        a.grad += out.grad
        b.grad += out.grad
    return f


def _mul_back(a, b, out):
    def f():
        a.grad += b.data * out.grad
        b.grad += a.data * out.grad
    return f


def _pow_back(a, n, out):
    def f():
        a.grad += n * a.data ** (n - 1) * out.grad
    return f


BACKWARD = {
    "+": _add_back,
    "*": _mul_back,
    "relu": lambda a, out: (lambda: setattr(a, "grad", a.grad + (out.data > 0) * out.grad)),
    "tanh": lambda a, out: (lambda: setattr(a, "grad", a.grad + (1 - out.data ** 2) * out.grad)),
    "exp": lambda a, out: (lambda: setattr(a, "grad", a.grad + out.data * out.grad)),
    "log": lambda a, out: (lambda: setattr(a, "grad", a.grad + out.grad / a.data)),
}


class Value:
    def __init__(self, data, prev=(), op=""):
        self.data = data
        self.grad = 0.0
        self.prev = prev
        self.op = op
        self.back = lambda: None

    def _num(self, x):
        return x if isinstance(x, Value) else Value(x)

    def __add__(self, other):
        other = self._num(other)
        out = Value(self.data + other.data, (self, other), "+")
        out.back = BACKWARD["+"](self, other, out)
        return out

    def __mul__(self, other):
        other = self._num(other)
        out = Value(self.data * other.data, (self, other), "*")
        out.back = BACKWARD["*"](self, other, out)
        return out

    def __pow__(self, n):
        assert isinstance(n, (int, float)), "only numeric exponents are supported"
        out = Value(self.data ** n, (self,), "**")
        out.back = _pow_back(self, n, out)
        return out

    def _unary(self, op, value):
        out = Value(value, (self,), op)
        out.back = BACKWARD[op](self, out)
        return out

    def relu(self):
        return self._unary("relu", self.data if self.data > 0 else 0.0)

    def tanh(self):
        return self._unary("tanh", math.tanh(self.data))

    def exp(self):
        return self._unary("exp", math.exp(self.data))

    def log(self):
        return self._unary("log", math.log(self.data))

    def __neg__(self):
        return self * -1

    def __radd__(self, other):
        return self + other

    def __rmul__(self, other):
        return self * other

    def __sub__(self, other):
        return self + (-other)

    def __rsub__(self, other):
        return (-self) + other

    def __truediv__(self, other):
        return self * other ** -1

    def __rtruediv__(self, other):
        return other * self ** -1

    def backward(self):
        order, done = [], set()
        todo = [(self, False)]
        while todo:
            v, expanded = todo.pop()
            if expanded:
                order.append(v)
            elif v not in done:
                done.add(v)
                todo.append((v, True))
                todo.extend((p, False) for p in v.prev)
        self.grad = 1.0
        for v in reversed(order):
            v.back()

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad}, op={self.op!r})"
