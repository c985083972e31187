"""The reference engine written another way, for 09-write-tests: a correct engine students are never handed.

A student's tests must pass on it as on the reference, so that a test file that tells the handed-out engine from
any other by how its code reads (its bytecode's fingerprint, its source, a closure's name) instead of what it
computes catches nothing: such a file passed on the reference and failed on every variant, each a patch of the
reference's code, and earned every point (session 26, tests/test_redteam26.py). The interface and the numbers
are the reference's, bit for bit (the same operations in the same order, the same `_prev` order, `_op` labels,
repr and error); no method's code is. As fast as the reference (a closure of its own per op, as the
reference's: a first version whose ops shared one generic closure took twice the reference's time, and an honest
test near its 1 s of CPU on the reference would have run out of time here, "failing" a correct engine). Its text is
the grader's, like the variants': it travels into the sandbox only as the anonymous file under test of a run of its
own (the suite's `probe_cases`).
"""

SOURCE = '''\
import math


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
        if not isinstance(other, Value):
            other = Value(other)
        result = Value(self.data + other.data, (self, other), "+")

        def _backward():
            g = result.grad
            self.grad += g
            other.grad += g

        result._backward = _backward
        return result

    def __mul__(self, other):
        if not isinstance(other, Value):
            other = Value(other)
        result = Value(self.data * other.data, (self, other), "*")

        def _backward():
            g = result.grad
            self.grad += other.data * g
            other.grad += self.data * g

        result._backward = _backward
        return result

    def __pow__(self, k):
        if not isinstance(k, (int, float)):
            raise AssertionError("only constant int/float powers are supported")
        result = Value(self.data**k, (self,), "**" + format(k))

        def _backward():
            slope = k * self.data ** (k - 1)
            self.grad += slope * result.grad

        result._backward = _backward
        return result

    def relu(self):
        x = self.data
        result = Value(0 if x < 0 else x, (self,), "ReLU")

        def _backward():
            positive = result.data > 0
            self.grad += positive * result.grad

        result._backward = _backward
        return result

    def tanh(self):
        t = math.tanh(self.data)
        result = Value(t, (self,), "tanh")

        def _backward():
            slope = 1 - t**2
            self.grad += slope * result.grad

        result._backward = _backward
        return result

    def exp(self):
        result = Value(math.exp(self.data), (self,), "exp")

        def _backward():
            slope = result.data
            self.grad += slope * result.grad

        result._backward = _backward
        return result

    def log(self):
        result = Value(math.log(self.data), (self,), "log")

        def _backward():
            slope = 1 / self.data
            self.grad += slope * result.grad

        result._backward = _backward
        return result

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
        return self.__mul__(-1)

    def __radd__(self, other):
        return self.__add__(other)

    def __sub__(self, other):
        return self.__add__(other.__neg__() if isinstance(other, Value) else -other)

    def __rsub__(self, other):
        return other + self.__neg__()

    def __rmul__(self, other):
        return self.__mul__(other)

    def __truediv__(self, other):
        return self.__mul__(pow(other, -1))

    def __rtruediv__(self, other):
        return other * self.__pow__(-1)

    def __repr__(self):
        return "Value(data=%s, grad=%s)" % (self.data, self.grad)
'''
