"""Lab 4: scalar autodiff. Value only holds numbers; the operations and the backward pass are module functions."""

import math


class Value:
    def __init__(self, data, parents=(), local=()):
        self.data, self.grad, self.parents, self.local = data, 0.0, parents, local

    def __repr__(self):
        return f"Value({self.data!r}) with grad {self.grad!r}"

    def __add__(self, other):
        return add(self, other)

    __radd__ = __add__

    def __mul__(self, other):
        return mul(self, other)

    __rmul__ = __mul__

    def __pow__(self, k):
        return power(self, k)

    def __neg__(self):
        return mul(self, -1)

    def __sub__(self, other):
        return add(self, mul(coerce(other), -1))

    def __rsub__(self, other):
        return add(coerce(other), mul(self, -1))

    def __truediv__(self, other):
        return mul(self, power(coerce(other), -1))

    def __rtruediv__(self, other):
        return mul(coerce(other), power(self, -1))

    def tanh(self):
        return unary(self, math.tanh, lambda x, y: 1 - y * y)

    def exp(self):
        return unary(self, math.exp, lambda x, y: y)

    def log(self):
        return unary(self, math.log, lambda x, y: 1 / x)

    def relu(self):
        return unary(self, lambda x: max(x, 0), lambda x, y: 1.0 if x > 0 else 0.0)

    def backward(self):
        backward(self)


def coerce(x):
    if isinstance(x, bool) or not isinstance(x, (int, float, Value)):
        raise TypeError("Value only mixes with numbers, not %s" % type(x).__name__)
    return x if isinstance(x, Value) else Value(x)


def add(a, b):
    b = coerce(b)
    return Value(a.data + b.data, (a, b), (1.0, 1.0))


def mul(a, b):
    b = coerce(b)
    return Value(a.data * b.data, (a, b), (b.data, a.data))


def power(a, k):
    return Value(a.data ** k, (a,), (k * a.data ** (k - 1),))


def unary(a, f, slope):
    y = f(a.data)
    return Value(y, (a,), (slope(a.data, y),))


def postorder(root):
    # each node after its parents, with an explicit stack of iterators instead of recursion
    done, frames = {id(root)}, [(root, iter(root.parents))]
    while frames:
        top, it = frames[-1]
        child = next(it, None)
        if child is None:
            frames.pop()
            yield top
        elif id(child) not in done:
            done.add(id(child))
            frames.append((child, iter(child.parents)))


def backward(root):
    order = list(postorder(root))
    root.grad = 1.0
    for node in order[::-1]:
        for p, d in zip(node.parents, node.local):
            p.grad += d * node.grad
