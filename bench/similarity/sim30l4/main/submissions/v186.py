# autograd as plain functions -- Mehmet Y.
# every operation is a module level function that takes Values and gives a Value back;
# the class only holds the numbers and forwards its operators to the functions.
import math

TINY = 1e-12


class Value:
    def __init__(self, data, parents=(), tag=''):
        self.data = data
        self.grad = 0.0
        self.parents = tuple(parents)
        self.tag = tag
        self.back = None

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"

    def backward(self):
        backward(self)


def as_value(x):
    if isinstance(x, Value):
        return x
    return Value(x)


def _node(data, parents, tag, back):
    n = Value(data, parents, tag)
    n.back = back
    return n


def add(a, b):
    a, b = as_value(a), as_value(b)

    def back(g):
        a.grad += g
        b.grad += g
    return _node(a.data + b.data, (a, b), '+', back)


def sub(a, b):
    a, b = as_value(a), as_value(b)

    def back(g):
        a.grad += g
        b.grad -= g
    return _node(a.data - b.data, (a, b), '-', back)


def mul(a, b):
    a, b = as_value(a), as_value(b)

    def back(g):
        a.grad += b.data * g
        b.grad += a.data * g
    return _node(a.data * b.data, (a, b), '*', back)


def div(a, b):
    a, b = as_value(a), as_value(b)

    def back(g):
        a.grad += g / b.data
        b.grad -= a.data / b.data ** 2 * g
    return _node(a.data / b.data, (a, b), '/', back)


def neg(a):
    def back(g):
        a.grad -= g
    return _node(-a.data, (a,), 'neg', back)


def power(a, p):
    assert isinstance(p, (int, float)), "exponent must be a plain number"

    def back(g):
        a.grad += p * a.data ** (p - 1) * g
    return _node(a.data ** p, (a,), '**', back)


def exp(a):
    y = math.exp(a.data)

    def back(g):
        a.grad += y * g
    return _node(y, (a,), 'exp', back)


def log(a):
    x = max(a.data, TINY)

    def back(g):
        a.grad += g / x
    return _node(math.log(x), (a,), 'log', back)


def relu(a):
    def back(g):
        if a.data > 0:
            a.grad += g
    return _node(max(0.0, a.data), (a,), 'relu', back)


def tanh(a):
    q = math.exp(2 * a.data)
    t = (q - 1) / (q + 1)

    def back(g):
        a.grad += (1 - t * t) * g
    return _node(t, (a,), 'tanh', back)


def backward(root):
    order, seen = [], set()
    stack = [(root, iter(root.parents))]
    seen.add(root)
    while stack:
        node, it = stack[-1]
        for p in it:
            if p not in seen:
                seen.add(p)
                stack.append((p, iter(p.parents)))
                break
        else:
            stack.pop()
            order.append(node)
    root.grad = 1.0
    for node in reversed(order):
        if node.back is not None:
            node.back(node.grad)


Value.__add__ = add
Value.__radd__ = lambda self, other: add(other, self)
Value.__sub__ = sub
Value.__rsub__ = lambda self, other: sub(other, self)
Value.__mul__ = mul
Value.__rmul__ = lambda self, other: mul(other, self)
Value.__truediv__ = div
Value.__rtruediv__ = lambda self, other: div(other, self)
Value.__neg__ = neg
Value.__pow__ = power
Value.exp = exp
Value.log = log
Value.relu = relu
Value.tanh = tanh
