# Ines -- lab 2 (I mostly write MATLAB, sorry for the short names)
import math
import sys

sys.setrecursionlimit(100000)


class Value:
    def __init__(s, d, c=(), o=''):
        s.data = d
        s.grad = 0.0
        s._backward = lambda: None
        s._prev = set(c)
        s._op = o

    def __repr__(s):
        return 'Value(data=%g, grad=%g)' % (s.data, s.grad)

    def __add__(s, b):
        b = b if isinstance(b, Value) else Value(b)
        z = Value(s.data + b.data, (s, b), '+')
        def f():
            s.grad += z.grad
            b.grad += z.grad
        z._backward = f
        return z

    def __mul__(s, b):
        b = b if isinstance(b, Value) else Value(b)
        z = Value(s.data * b.data, (s, b), '*')
        def f():
            s.grad += b.data * z.grad
            b.grad += s.data * z.grad
        z._backward = f
        return z

    def __pow__(s, n):
        z = Value(s.data ** n, (s,), '^')
        def f():
            s.grad += n * s.data ** (n - 1) * z.grad
        z._backward = f
        return z

    def relu(s):
        z = Value(s.data if s.data > 0 else 0, (s,), 'relu')
        def f():
            s.grad += (z.data > 0) * z.grad
        z._backward = f
        return z

    def tanh(s):
        z = Value(math.tanh(s.data), (s,), 'tanh')
        def f():
            s.grad += (1 - z.data ** 2) * z.grad
        z._backward = f
        return z

    def exp(s):
        z = Value(math.exp(s.data), (s,), 'exp')
        def f():
            s.grad += z.data * z.grad
        z._backward = f
        return z

    def log(s):
        z = Value(math.log(s.data), (s,), 'log')
        def f():
            s.grad += z.grad / s.data
        z._backward = f
        return z

    def __neg__(s): return s * -1
    def __radd__(s, b): return s + b
    def __rmul__(s, b): return s * b
    def __sub__(s, b): return s + (-b)
    def __rsub__(s, b): return b + (-s)
    def __truediv__(s, b): return s * b ** -1
    def __rtruediv__(s, b): return b * s ** -1

    def backward(s):
        T, V = [], set()
        def go(v):
            if v not in V:
                V.add(v)
                for c in v._prev:
                    go(c)
                T.append(v)
        go(s)
        s.grad = 1.0
        for v in T[::-1]:
            v._backward()
