import math


class Value:
    """HW4 - Ivan P. One helper for one-input ops, one for two-input ops."""

    def __init__(self, data, _children=(), _op=''):
        self.data = data
        self.grad = 0.0
        self._backward = lambda: None
        self._prev = set(_children)
        self._op = _op

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"

    def _op1(self, y, dy, name):
        """y = f(self), dy = f'(self)"""
        out = Value(y, (self,), name)

        def _backward():
            self.grad += dy * out.grad
        out._backward = _backward
        return out

    def _op2(self, other, y, dself, dother, name):
        out = Value(y, (self, other), name)

        def _backward():
            self.grad += dself * out.grad
            other.grad += dother * out.grad
        out._backward = _backward
        return out

    def __add__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        return self._op2(other, self.data + other.data, 1.0, 1.0, '+')

    def __sub__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        return self._op2(other, self.data - other.data, 1.0, -1.0, '-')

    def __mul__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        return self._op2(other, self.data * other.data, other.data, self.data, '*')

    def __pow__(self, k):
        assert isinstance(k, (int, float)), "only int/float exponent"
        return self._op1(self.data ** k, k * self.data ** (k - 1), f'**{k}')

    def exp(self):
        e = math.exp(self.data)
        return self._op1(e, e, 'exp')

    def log(self):
        return self._op1(math.log(self.data), 1.0 / self.data, 'log')

    def tanh(self):
        z = math.exp(-2.0 * self.data)
        t = (1.0 - z) / (1.0 + z)
        return self._op1(t, 1.0 - t * t, 'tanh')

    def relu(self):
        return self._op1(self.data if self.data > 0 else 0.0, 1.0 if self.data > 0 else 0.0, 'relu')

    def __neg__(self):
        return self * -1.0

    def __truediv__(self, other):
        return self * other ** -1

    def __radd__(self, other):
        return self + other

    def __rsub__(self, other):
        return Value(other) - self

    def __rmul__(self, other):
        return self * other

    def __rtruediv__(self, other):
        return Value(other) * self ** -1

    def backward(self):
        topo, seen = [], set()

        def build(v):
            if v in seen:
                return
            seen.add(v)
            for c in v._prev:
                build(c)
            topo.append(v)
        build(self)
        self.grad = 1.0
        for v in reversed(topo):
            v._backward()
