# ex02 - autograd Value
import math


class Value:
    """number + gradient; contributions are summed so a node reused twice gets both"""

    def __init__(self, data, _children=(), _op=""):
        self.data = data
        self.grad = 0
        self._backward = lambda: None
        self._prev = tuple(dict.fromkeys(_children))
        self._op = _op

    def __repr__(self):
        return "Value(%r, grad=%r)" % (self.data, self.grad)


def _as_value(x):
    return x if isinstance(x, Value) else Value(x)


def _plus(a, b):
    b = _as_value(b)
    r = Value(a.data + b.data, (a, b), "+")

    def _backward():
        a.grad += r.grad
        b.grad += r.grad

    r._backward = _backward
    return r


def _times(a, b):
    b = _as_value(b)
    r = Value(a.data * b.data, (a, b), "*")

    def _backward():
        a.grad += b.data * r.grad
        b.grad += a.data * r.grad

    r._backward = _backward
    return r


def _one_input(a, value, tag, local):
    r = Value(value, (a,), tag)

    def _backward():
        a.grad += local() * r.grad

    r._backward = _backward
    return r


def _relu(a):
    return _one_input(a, a.data if a.data > 0 else 0, "ReLU", lambda: float(a.data > 0))


def _square(a):
    return _one_input(a, a.data ** 2, "sq", lambda: 2 * a.data)


def _log(a):
    return _one_input(a, math.log(a.data), "log", lambda: 1 / a.data)


def _minus(a, b):
    return _plus(a, _times(_as_value(b), -1))


def _rminus(a, b):
    return _plus(_times(a, -1), b)


def _graph(root):
    """Every node under root, children before parents (iterative)."""
    out, done, stack = [], set(), [(root, 0)]
    while stack:
        v, state = stack.pop()
        if state:
            out.append(v)
        elif v not in done:
            done.add(v)
            stack.append((v, 1))
            stack.extend((c, 0) for c in v._prev)
    return out


def _backprop(root):
    root.grad = 1
    for v in reversed(_graph(root)):
        v._backward()


def _clear(root):
    for v in _graph(root):
        v.grad = 0


Value.__add__ = Value.__radd__ = _plus
Value.__mul__ = Value.__rmul__ = _times
Value.__sub__ = _minus
Value.__rsub__ = _rminus
Value.relu = _relu
Value.square = _square
Value.log = _log
Value.backward = _backprop
Value.zero_grad = _clear
