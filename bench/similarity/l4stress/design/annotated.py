import math


def _lift(v):
    if isinstance(v, Value):
        return v
    return Value(v)


class Value:
    # one scalar of the graph; grad is filled in by backward()

    def __init__(self, data, _children=(), _op="", label=""):
        self.data = float(data)
        self.grad = 0.0
        self.label = label
        self._op = _op
        self._prev = set(_children)
        self._backward = lambda: None

    def __repr__(self):
        prefix = "{}: ".format(self.label) if self.label else ""
        return "Value({}data={}, grad={})".format(prefix, self.data, self.grad)

    def backward(self):
        # post-order with an explicit stack instead of recursion
        order, seen = [], set()
        stack = [(self, False)]
        while stack:
            node, done = stack.pop()
            if done:
                order.append(node)
                continue
            if node in seen:
                continue
            seen.add(node)
            stack.append((node, True))
            for p in node._prev:
                stack.append((p, False))
        self.grad = 1.0
        for node in order[::-1]:
            node._backward()


def _add(a, b):
    b = _lift(b)
    out = Value(a.data + b.data, (a, b), "+")

    def grad_fn():
        a.grad += out.grad
        b.grad += out.grad

    out._backward = grad_fn
    return out


def _mul(a, b):
    b = _lift(b)
    out = Value(b.data * a.data, (a, b), "*")

    def grad_fn():
        a.grad += out.grad * b.data
        b.grad += out.grad * a.data

    out._backward = grad_fn
    return out


def _pow(a, e):
    if not isinstance(e, (int, float)):
        raise TypeError("the power has to be a plain number")
    out = Value(a.data ** e, (a,), "**" + str(e))

    def grad_fn():
        a.grad += out.grad * e * a.data ** (e - 1)

    out._backward = grad_fn
    return out


def _tanh(a):
    z = math.exp(2 * a.data)
    t = (z - 1) / (z + 1)
    out = Value(t, (a,), "tanh")

    def grad_fn():
        a.grad += out.grad * (1 - t * t)

    out._backward = grad_fn
    return out


def _exp(a):
    out = Value(math.exp(a.data), (a,), "exp")

    def grad_fn():
        a.grad += out.grad * out.data

    out._backward = grad_fn
    return out


def _relu(a):
    out = Value(0.0 if a.data <= 0 else a.data, (a,), "ReLU")

    def grad_fn():
        a.grad += out.grad if out.data > 0 else 0.0

    out._backward = grad_fn
    return out


Value.__add__ = _add
Value.__radd__ = lambda self, other: _add(self, other)
Value.__mul__ = _mul
Value.__rmul__ = lambda self, other: _mul(self, other)
Value.__pow__ = _pow
Value.tanh = _tanh
Value.exp = _exp
Value.relu = _relu
Value.__neg__ = lambda self: self * -1
Value.__sub__ = lambda self, other: self + other * -1
Value.__rsub__ = lambda self, other: -self + other
Value.__truediv__ = lambda self, other: self * other ** -1
Value.__rtruediv__ = lambda self, other: self ** -1 * other
