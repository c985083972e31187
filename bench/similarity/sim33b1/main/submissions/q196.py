import math
import sys

sys.setrecursionlimit(10000)

EXP_CAP = 700.0  # beyond ~709 math.exp overflows


def _node(x):
    return x if isinstance(x, Value) else Value(x)


def _reciprocal(x):
    # a node when x is a node, else a plain float
    return x ** -1 if isinstance(x, Value) else 1.0 / x


class Value:
    def __init__(self, data, inputs=(), tag=""):
        self.data = data
        self.grad = 0
        self.inputs = tuple(dict.fromkeys(inputs))
        self.tag = tag
        self.push = lambda: None

    def _unary(self, value, slope, tag):
        """One input node; slope(result) gives d result / d self at backward time."""
        result = Value(value, (self,), tag)

        def push():
            d = slope(result)
            if d is not None:
                self.grad += d * result.grad

        result.push = push
        return result

    # unary ops all go through _unary
    def exp(self):
        return self._unary(math.exp(min(self.data, EXP_CAP)), lambda r: r.data, "exp")

    def log(self):
        x = self.data
        return self._unary(math.log(x), lambda r: 1 / x, "log")

    def tanh(self):
        th = math.tanh(self.data)
        return self._unary(th, lambda r: 1 - th * th, "tanh")

    def relu(self):
        return self._unary(max(self.data, 0), lambda r: float(r.data > 0), "ReLU")

    def __pow__(self, p):
        assert isinstance(p, (int, float)), "only constant int/float powers are supported"
        x = self.data
        # no finite slope at 0 for p < 1: pass nothing on
        return self._unary(x ** p, lambda r: None if (x == 0 and p < 1) else p * x ** (p - 1), f"**{p}")

    # binary ops
    def __add__(self, other):
        other = _node(other)
        result = Value(self.data + other.data, (self, other), "+")

        def push():
            self.grad += result.grad
            other.grad += result.grad

        result.push = push
        return result

    def __mul__(self, other):
        other = _node(other)
        result = Value(self.data * other.data, (self, other), "*")

        def push():
            self.grad += other.data * result.grad
            other.grad += self.data * result.grad

        result.push = push
        return result

    __radd__ = __add__
    __rmul__ = __mul__

    def __neg__(self):
        return self * -1

    def __sub__(self, other):
        return self + other * -1

    def __rsub__(self, other):
        return other + self * -1

    def __truediv__(self, other):
        return self * _reciprocal(other)

    def __rtruediv__(self, other):
        return other * _reciprocal(self)

    # graph walks
    def nodes(self):
        found = set()

        def collect(n):
            if n not in found:
                found.add(n)
                for i in n.inputs:
                    collect(i)

        collect(self)
        return found

    def zero_grad(self):
        for n in self.nodes():
            n.grad = 0

    def _order(self):
        out, seen = [], set()

        def post(n):
            if n in seen:
                return
            seen.add(n)
            for i in n.inputs:
                post(i)
            out.append(n)

        post(self)
        return out

    def backward(self):
        self.grad = 1
        for n in reversed(self._order()):
            n.push()

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"
