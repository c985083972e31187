"""An engine with one-letter names, reused across methods (`f` a function in one method, a variable in another)."""
import math


def g(x):
    return x if isinstance(x, Value) else Value(x)


class Value:
    def __init__(self, d, c=(), o=""):
        self.data = d
        self.grad = 0.0
        self._backward = lambda: None
        self._prev = tuple(c)
        self._op = o

    def __add__(self, o):
        o = g(o)
        r = Value(self.data + o.data, (self, o), "+")

        def b():
            self.grad += r.grad
            o.grad += r.grad

        r._backward = b
        return r

    def __mul__(self, o):
        o = g(o)
        r = Value(self.data * o.data, (self, o), "*")

        def b():
            self.grad += o.data * r.grad
            o.grad += self.data * r.grad

        r._backward = b
        return r

    def exp(self):
        f = math.exp(self.data)
        r = Value(f, (self,), "exp")

        def b():
            self.grad += f * r.grad

        r._backward = b
        return r

    def backward(self):
        t, s = [], set()

        def f(v):
            if v not in s:
                s.add(v)
                for w in v._prev:
                    f(w)
                t.append(v)

        f(self)
        self.grad = 1.0
        for v in t[::-1]:
            v._backward()

    def __radd__(self, o):
        return self + o

    def __rmul__(self, o):
        return self * o
