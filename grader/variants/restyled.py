"""The reference engine written another way, for 09-write-tests: a correct engine students are never handed.

A student's tests must pass on it as on the reference, so that a test file that tells the handed-out engine from
any other by how its code reads (its bytecode's fingerprint, its source, a closure's name) instead of what it
computes catches nothing: such a file passed on the reference and failed on every variant, each a patch of the
reference's code, and earned every point (session 26, tests/test_redteam26.py). The interface and the numbers
are the reference's, bit for bit (the same operations in the same order, the same `_prev` order, `_op` labels,
repr and error); no method's code is. Its text is the grader's, like the variants': it travels into the sandbox
only as the anonymous file under test of a run of its own (the suite's `probe_cases`).
"""

SOURCE = '''\
import math


def _value(x):
    if isinstance(x, Value):
        return x
    return Value(x)


def _node(data, parents, op, *slopes):
    """A new Value over `parents` whose gradient flows back to parents[i] as slopes[i](node) times its own."""
    node = Value(data, parents, op)

    def _backward():
        for parent, slope in zip(parents, slopes):
            parent.grad += slope(node) * node.grad

    node._backward = _backward
    return node


def _nothing():
    return None


class Value:
    def __init__(self, data, _children=(), _op=""):
        self.data = data
        self.grad = 0
        self._backward = _nothing
        self._prev = tuple({child: None for child in _children})
        self._op = _op

    def __add__(self, other):
        o = _value(other)
        return _node(self.data + o.data, (self, o), "+", lambda out: 1, lambda out: 1)

    def __mul__(self, other):
        o = _value(other)
        return _node(self.data * o.data, (self, o), "*", lambda out: o.data, lambda out: self.data)

    def __pow__(self, k):
        if not isinstance(k, (int, float)):
            raise AssertionError("only constant int/float powers are supported")
        return _node(self.data**k, (self,), "**" + format(k), lambda out: k * self.data ** (k - 1))

    def relu(self):
        value = self.data
        if value < 0:
            value = 0
        return _node(value, (self,), "ReLU", lambda out: out.data > 0)

    def tanh(self):
        t = math.tanh(self.data)
        return _node(t, (self,), "tanh", lambda out: 1 - t**2)

    def exp(self):
        return _node(math.exp(self.data), (self,), "exp", lambda out: out.data)

    def log(self):
        return _node(math.log(self.data), (self,), "log", lambda out: 1 / self.data)

    def backward(self):
        order, seen, pending = [], set(), [(self, False)]
        while pending:
            node, expanded = pending.pop()
            if expanded:
                order.append(node)
                continue
            if node in seen:
                continue
            seen.add(node)
            pending.append((node, True))
            pending.extend([(child, False) for child in node._prev if child not in seen])
        self.grad = 1
        for node in order[::-1]:
            node._backward()

    def __neg__(self):
        return Value.__mul__(self, -1)

    def __radd__(self, other):
        return Value.__add__(self, other)

    def __sub__(self, other):
        return Value.__add__(self, other.__neg__() if isinstance(other, Value) else -other)

    def __rsub__(self, other):
        return other + self.__neg__()

    def __rmul__(self, other):
        return Value.__mul__(self, other)

    def __truediv__(self, other):
        return Value.__mul__(self, pow(other, -1))

    def __rtruediv__(self, other):
        return other * Value.__pow__(self, -1)

    def __repr__(self):
        return "Value(data=%s, grad=%s)" % (self.data, self.grad)
'''
