# Bo Z. engine.py -- ops written as functions, then attached to the class
import math


class Value:
    def __init__(self, data, prev=(), op=''):
        self.data = data
        self.grad = 0
        self._prev = tuple(prev)
        self._op = op
        self._backward = lambda: None

    def __repr__(self):
        return f'Value({self.data})'

    def backward(self):
        topo, seen = [], set()

        def dfs(v):
            if v not in seen:
                seen.add(v)
                for c in v._prev:
                    dfs(c)
                topo.append(v)
        dfs(self)
        self.grad = 1
        for v in topo[::-1]:
            v._backward()


def _val(x):
    return x if isinstance(x, Value) else Value(x)


def v_add(a, b):
    a, b = _val(a), _val(b)
    out = Value(a.data + b.data, (a, b), '+')

    def bw():
        a.grad += out.grad
        b.grad += out.grad
    out._backward = bw
    return out


def v_mul(a, b):
    a, b = _val(a), _val(b)
    out = Value(a.data * b.data, (a, b), '*')

    def bw():
        a.grad += b.data * out.grad
        b.grad += a.data * out.grad
    out._backward = bw
    return out


def v_pow(a, k):
    assert isinstance(k, (int, float))
    out = Value(a.data ** k, (a,), f'**{k}')

    def bw():
        a.grad += k * a.data ** (k - 1) * out.grad
    out._backward = bw
    return out


def v_exp(a):
    out = Value(math.exp(a.data), (a,), 'exp')

    def bw():
        a.grad += out.data * out.grad
    out._backward = bw
    return out


def v_log(a):
    out = Value(math.log(a.data), (a,), 'log')

    def bw():
        a.grad += (1 / a.data) * out.grad
    out._backward = bw
    return out


def v_relu(a):
    out = Value(a.data * (a.data > 0), (a,), 'relu')

    def bw():
        a.grad += (a.data > 0) * out.grad
    out._backward = bw
    return out


def v_tanh(a):
    out = Value(math.tanh(a.data), (a,), 'tanh')

    def bw():
        a.grad += (1 - out.data ** 2) * out.grad
    out._backward = bw
    return out


def v_neg(a):
    return v_mul(a, -1)


def v_sub(a, b):
    return v_add(a, v_neg(_val(b)))


def v_div(a, b):
    return v_mul(a, v_pow(_val(b), -1))


Value.__add__ = v_add
Value.__mul__ = v_mul
Value.__pow__ = v_pow
Value.__neg__ = v_neg
Value.__sub__ = v_sub
Value.__truediv__ = v_div
Value.__radd__ = lambda s, o: v_add(o, s)
Value.__rmul__ = lambda s, o: v_mul(o, s)
Value.__rsub__ = lambda s, o: v_sub(o, s)
Value.__rtruediv__ = lambda s, o: v_div(o, s)
Value.exp = v_exp
Value.log = v_log
Value.relu = v_relu
Value.tanh = v_tanh
