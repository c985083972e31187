# lab 3 engine
_SOURCE = '''"""Micro autograd engine, lab 3.

Value objects form a DAG; every op attaches a `_bw` closure that pushes the
output gradient to the inputs.  Unary ops share one helper.
"""
import math


class Value:
    __slots__ = ("data", "grad", "_bw", "_ins", "_tag")

    def __init__(self, data, ins=(), tag=""):
        self.data = data
        self.grad = 0.0
        self._bw = None
        self._ins = ins
        self._tag = tag

    @classmethod
    def _as_value(cls, x):
        return x if isinstance(x, cls) else cls(x)

    # binary ops
    def __add__(self, other):
        other = Value._as_value(other)
        out = Value(self.data + other.data, (self, other), "+")

        def _bw():
            self.grad += out.grad
            other.grad += out.grad

        out._bw = _bw
        return out

    def __mul__(self, other):
        other = Value._as_value(other)
        out = Value(self.data * other.data, (self, other), "*")

        def _bw():
            self.grad += other.data * out.grad
            other.grad += self.data * out.grad

        out._bw = _bw
        return out

    def __pow__(self, n):
        return self._unary(self.data ** n, n * self.data ** (n - 1), f"^{n}")

    # unary ops: value and local slope known at the forward pass
    def _unary(self, value, slope, tag):
        out = Value(value, (self,), tag)

        def _bw():
            self.grad += slope * out.grad

        out._bw = _bw
        return out

    def relu(self):
        return self._unary(max(0.0, self.data), float(self.data > 0), "relu")

    def tanh(self):
        t = math.tanh(self.data)
        return self._unary(t, 1.0 - t ** 2, "tanh")

    def exp(self):
        e = math.exp(self.data)
        return self._unary(e, e, "exp")

    # sugar
    def __neg__(self):
        return self * -1.0

    def __sub__(self, other):
        return self + (-other)

    def __rsub__(self, other):
        return (-self) + other

    def __truediv__(self, other):
        return self * other ** -1

    def __radd__(self, other):
        return self + other

    def __rmul__(self, other):
        return self * other

    def backward(self):
        # DFS with an explicit stack: a node goes out once all its inputs are
        order, state = [], {}
        stack = [self]
        while stack:
            v = stack[-1]
            if state.get(v) is None:
                state[v] = "open"
                for u in v._ins:
                    if state.get(u) is None:
                        stack.append(u)
            else:
                stack.pop()
                if state[v] == "open":
                    state[v] = "done"
                    order.append(v)
        self.grad = 1.0
        for v in reversed(order):
            if v._bw is not None:
                v._bw()

    def __repr__(self):
        return f"Value(data={self.data!r}, grad={self.grad!r})"
'''

exec(_SOURCE)
