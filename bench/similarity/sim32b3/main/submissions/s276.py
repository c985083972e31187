"""Scalar autograd engine (Timur)."""
import math


class Value:
    """A number in a computation graph; grad is d(output)/d(this)."""

    def __init__(self, data, _children=(), _op=""):
        self.data = data
        self.grad = 0
        self._prev = tuple(dict.fromkeys(_children))
        self._op = _op
        self._cache = None  # what the op's rule needs again on the way back

    # forward ---------------------------------------------------------------

    def __add__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        return Value(self.data + other.data, (self, other), "add")

    def __mul__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        return Value(self.data * other.data, (self, other), "mul")

    def __radd__(self, other):
        return self + other

    def __rmul__(self, other):
        return self * other

    def relu(self):
        return Value(self.data if self.data > 0 else 0, (self,), "relu")

    def exp(self):
        return Value(math.exp(self.data), (self,), "exp")

    def tanh(self):
        node = Value(math.tanh(self.data), (self,), "tanh")
        node._cache = node.data
        return node

    def sigmoid(self):
        # via tanh: (1 + tanh(x/2)) / 2
        node = Value(0.5 * (1 + math.tanh(0.5 * self.data)), (self,), "sigmoid")
        node._cache = node.data
        return node

    # backward rules, looked up by name: _grad_<op> -------------------------

    def _grad_add(self):
        a, b = self._prev if len(self._prev) == 2 else (self._prev[0], self._prev[0])
        a.grad += self.grad
        b.grad += self.grad

    def _grad_mul(self):
        if len(self._prev) == 1:  # x * x
            x = self._prev[0]
            x.grad += 2 * x.data * self.grad
            return
        a, b = self._prev
        a.grad += b.data * self.grad
        b.grad += a.data * self.grad

    def _grad_relu(self):
        self._prev[0].grad += (self.data > 0) * self.grad

    def _grad_exp(self):
        self._prev[0].grad += self.data * self.grad

    def _grad_tanh(self):
        t = self._cache
        self._prev[0].grad += (1 - t * t) * self.grad

    def _grad_sigmoid(self):
        s = self._cache
        self._prev[0].grad += s * (1 - s) * self.grad

    # graph -----------------------------------------------------------------

    def order(self):
        out, seen = [], set()

        def visit(v):
            if v in seen:
                return
            seen.add(v)
            for p in v._prev:
                visit(p)
            out.append(v)

        visit(self)
        return out

    def zero_grad(self):
        for v in self.order():
            v.grad = 0

    def backward(self):
        self.grad = 1
        for v in reversed(self.order()):
            if v._op:
                getattr(v, "_grad_" + v._op)()

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"
