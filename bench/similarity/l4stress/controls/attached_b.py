# Reverse-mode autodiff (Kofi). I keep the class small and put every
# operation in a plain function, then attach the functions to the class.
import math


class Value:
    def __init__(self, data, parents=()):
        self.data = data
        self.grad = 0
        self.parents = parents
        self.step = None

    def __repr__(self):
        return "Value(%g, grad=%g)" % (self.data, self.grad)

    def backward(self):
        ordered, marked = [], set()
        pending = [(self, iter(self.parents))]
        marked.add(id(self))
        while pending:
            node, rest = pending[-1]
            nxt = next(rest, None)
            if nxt is None:
                pending.pop()
                ordered.append(node)
            elif id(nxt) not in marked:
                marked.add(id(nxt))
                pending.append((nxt, iter(nxt.parents)))
        self.grad = 1
        for node in reversed(ordered):
            if node.step:
                node.step()


def as_value(x):
    return x if isinstance(x, Value) else Value(x)


def plus(a, b):
    b = as_value(b)
    c = Value(a.data + b.data, (a, b))

    def step():
        a.grad += c.grad
        b.grad += c.grad
    c.step = step
    return c


def times(a, b):
    b = as_value(b)
    c = Value(a.data * b.data, (a, b))

    def step():
        a.grad += b.data * c.grad
        b.grad += a.data * c.grad
    c.step = step
    return c


def power(a, n):
    c = Value(a.data ** n, (a,))

    def step():
        a.grad += n * a.data ** (n - 1) * c.grad
    c.step = step
    return c


def tanh(a):
    y = math.tanh(a.data)
    c = Value(y, (a,))

    def step():
        a.grad += (1 - y * y) * c.grad
    c.step = step
    return c


def exp(a):
    c = Value(math.exp(a.data), (a,))

    def step():
        a.grad += c.data * c.grad
    c.step = step
    return c


def relu(a):
    c = Value(a.data if a.data > 0 else 0.0, (a,))

    def step():
        if a.data > 0:
            a.grad += c.grad
    c.step = step
    return c


Value.__add__ = plus
Value.__radd__ = lambda self, other: plus(self, other)
Value.__mul__ = times
Value.__rmul__ = lambda self, other: times(self, other)
Value.__pow__ = power
Value.tanh = tanh
Value.exp = exp
Value.relu = relu
Value.__neg__ = lambda self: times(self, -1)
Value.__sub__ = lambda self, other: plus(self, times(as_value(other), -1))
Value.__truediv__ = lambda self, other: times(self, power(as_value(other), -1))
