# Lab 2: functional style. Nodes are Values but all the maths lives in
# module-level functions; backward uses an explicit stack (no recursion limit).
import math


def make(val, ins, slopes, label):
    out = Value(val, ins, label)
    out._ins = tuple(ins)
    out._slopes = tuple(slopes)
    return out


def to_value(x):
    if isinstance(x, Value):
        return x
    return Value(x)


def f_add(x, y):
    return make(x.data + y.data, (x, y), (1, 1), '+')


def f_mul(x, y):
    return make(x.data * y.data, (x, y), (y.data, x.data), '*')


def f_pow(x, n):
    return make(x.data ** n, (x,), (n * x.data ** (n - 1),), f'**{n}')


def f_relu(x):
    return make(x.data if x.data > 0 else 0, (x,), (1 if x.data > 0 else 0,), 'ReLU')


def f_tanh(x):
    t = math.tanh(x.data)
    return make(t, (x,), (1 - t * t,), 'tanh')


def f_exp(x):
    e = math.exp(x.data)
    return make(e, (x,), (e,), 'exp')


def f_log(x):
    return make(math.log(x.data), (x,), (1 / x.data,), 'log')


def grad_all(out):
    post, done = [], set()
    stack = [(out, False)]
    while stack:
        v, expanded = stack.pop()
        if expanded:
            post.append(v)
        elif v not in done:
            done.add(v)
            stack.append((v, True))
            for u in v._ins:
                stack.append((u, False))
    out.grad = 1
    for v in reversed(post):
        for u, s in zip(v._ins, v._slopes):
            u.grad += s * v.grad


class Value:
    def __init__(self, data, _children=(), _op=''):
        self.data = data
        self.grad = 0
        self._prev = set(_children)
        self._ins = tuple(_children)
        self._slopes = ()
        self._op = _op

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"

    def __add__(self, other): return f_add(self, to_value(other))
    def __radd__(self, other): return f_add(to_value(other), self)
    def __mul__(self, other): return f_mul(self, to_value(other))
    def __rmul__(self, other): return f_mul(to_value(other), self)
    def __pow__(self, n): return f_pow(self, n)
    def __neg__(self): return self * -1
    def __sub__(self, other): return self + (-other)
    def __rsub__(self, other): return -self + other
    def __truediv__(self, other): return self * other ** -1
    def __rtruediv__(self, other): return to_value(other) * self ** -1
    def relu(self): return f_relu(self)
    def tanh(self): return f_tanh(self)
    def exp(self): return f_exp(self)
    def log(self): return f_log(self)
    def backward(self): grad_all(self)


if __name__ == '__main__':
    p, q = Value(0.7), Value(2.5)
    r = (p ** 2 + q).log() * p.relu()
    r.backward()
    print(r, p.grad, q.grad)
