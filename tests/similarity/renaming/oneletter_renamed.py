"""oneletter_source.py renamed: some names to builtins' words (locals `sum` and `next`) and a helper to an API
word (`log`, which the file does not define as a method), the others to another letter or a CJK name."""
import math


def log(x):
    return x if isinstance(x, Value) else Value(x)


class Value:
    def __init__(self, e, 子=(), o=""):
        self.data = e
        self.grad = 0.0
        self._backward = lambda: None
        self._prev = tuple(子)
        self._op = o

    def __add__(self, p):
        p = log(p)
        sum = Value(self.data + p.data, (self, p), "+")

        def q():
            self.grad += sum.grad
            p.grad += sum.grad

        sum._backward = q
        return sum

    def __mul__(self, p):
        p = log(p)
        sum = Value(self.data * p.data, (self, p), "*")

        def q():
            self.grad += p.data * sum.grad
            p.grad += self.data * sum.grad

        sum._backward = q
        return sum

    def exp(self):
        n = math.exp(self.data)
        sum = Value(n, (self,), "exp")

        def q():
            self.grad += n * sum.grad

        sum._backward = q
        return sum

    def backward(self):
        a, next = [], set()

        def 访(v):
            if v not in next:
                next.add(v)
                for w in v._prev:
                    访(w)
                a.append(v)

        访(self)
        self.grad = 1.0
        for v in a[::-1]:
            v._backward()

    def __radd__(self, p):
        return self + p

    def __rmul__(self, p):
        return self * p
