"""Sam W. -- engine.py. A global tape of (node, op name); backward replays it in reverse, looking up each op's
derivative in BACKWARD. (Closures felt like magic, so I wrote it this way.)"""
import math

_tape = []


def _b_add(n):
    a, b = n.src
    a.grad += n.grad
    b.grad += n.grad


def _b_mul(n):
    a, b = n.src
    a.grad += b.data * n.grad
    b.grad += a.data * n.grad


def _b_pow(n):
    a = n.src[0]
    a.grad += n.exponent * a.data ** (n.exponent - 1) * n.grad


def _b_exp(n):
    n.src[0].grad += n.data * n.grad


def _b_log(n):
    n.src[0].grad += n.grad / n.src[0].data


def _b_tanh(n):
    n.src[0].grad += (1 - n.data * n.data) * n.grad


def _b_relu(n):
    n.src[0].grad += n.grad if n.data > 0 else 0.0


BACKWARD = {'add': _b_add, 'mul': _b_mul, 'pow': _b_pow, 'exp': _b_exp,
            'log': _b_log, 'tanh': _b_tanh, 'relu': _b_relu}


class Value:
    def __init__(self, data, src=(), op=None):
        self.data = data
        self.grad = 0.0
        self.src = src
        self.op = op
        self.exponent = None
        self.step = None
        if op is not None:
            self.step = len(_tape)
            _tape.append((self, op))

    def __repr__(self):
        return "Value(data=%r, grad=%r)" % (self.data, self.grad)

    def __add__(self, o):
        o = o if isinstance(o, Value) else Value(o)
        return Value(self.data + o.data, (self, o), 'add')

    def __mul__(self, o):
        o = o if isinstance(o, Value) else Value(o)
        return Value(self.data * o.data, (self, o), 'mul')

    def __pow__(self, e):
        assert isinstance(e, (int, float)), "only constant exponents"
        v = Value(self.data ** e, (self,), 'pow')
        v.exponent = e
        return v

    def exp(self):
        return Value(math.exp(self.data), (self,), 'exp')

    def log(self):
        assert self.data > 0, "log: input must be positive"
        return Value(math.log(self.data), (self,), 'log')

    def tanh(self):
        return Value(math.tanh(self.data), (self,), 'tanh')

    def relu(self):
        return Value(max(0, self.data), (self,), 'relu')

    def __neg__(self):
        return self * -1

    def __sub__(self, o):
        return self + (-o)

    def __rsub__(self, o):
        return o + (-self)

    def __radd__(self, o):
        return self + o

    def __rmul__(self, o):
        return self * o

    def __truediv__(self, o):
        return self * o ** -1

    def __rtruediv__(self, o):
        return o * self ** -1

    def backward(self):
        live, todo = set(), [self]
        while todo:
            n = todo.pop()
            if id(n) not in live:
                live.add(id(n))
                todo.extend(n.src)
        self.grad = 1.0
        for n, op in reversed(_tape[:self.step + 1] if self.step is not None else []):
            if id(n) in live:
                BACKWARD[op](n)
