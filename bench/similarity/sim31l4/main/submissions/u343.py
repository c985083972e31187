"""Hiro S. -- micrograd homework (04 more ops)."""
import math


def _coerce(x):
    if isinstance(x, Value):
        return x
    if isinstance(x, bool) or not isinstance(x, (int, float)):
        raise TypeError(f"cannot combine a Value with {x!r}")
    return Value(x)


def _node(data, parents, op, backward):
    out = Value(data, parents, op)
    out._backward = lambda: backward(out)
    return out


class Value:

    def __init__(self, data, _children=(), _op=''):
        self.data = data
        self.grad = 0.0
        self._backward = lambda: None
        self._prev = tuple(_children)
        self._op = _op

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"

    def __add__(self, other):
        other = _coerce(other)

        def back(out):
            self.grad += out.grad
            other.grad += out.grad
        return _node(self.data + other.data, (self, other), '+', back)

    def __mul__(self, other):
        other = _coerce(other)

        def back(out):
            self.grad += other.data * out.grad
            other.grad += self.data * out.grad
        return _node(self.data * other.data, (self, other), '*', back)

    def __pow__(self, k):
        if isinstance(k, bool) or not isinstance(k, (int, float)):
            raise TypeError("the exponent must be a number")
        k = int(k) if float(k).is_integer() else float(k)

        def back(out):
            self.grad += k * self.data ** (k - 1) * out.grad
        return _node(self.data ** k, (self,), f'**{k}', back)

    def exp(self):
        x = self.data

        def back(out):
            self.grad += out.data * out.grad
        return _node(math.exp(x) if x < 709 else float('inf'), (self,), 'exp', back)

    def log(self):
        x = self.data

        def back(out):
            self.grad += out.grad / x
        return _node(math.log(x) if x > 0 else float('-inf'), (self,), 'log', back)

    def tanh(self):
        t = math.tanh(self.data)

        def back(out):
            self.grad += (1 - t * t) * out.grad
        return _node(t, (self,), 'tanh', back)

    def relu(self):
        def back(out):
            self.grad += (out.data > 0) * out.grad
        return _node(0.0 if self.data < 0 else self.data, (self,), 'relu', back)

    def __neg__(self):
        return self * -1

    def __sub__(self, other):
        return self + (-_coerce(other))

    def __rsub__(self, other):
        return _coerce(other) + (-self)

    def __truediv__(self, other):
        return self * _coerce(other) ** -1

    def __rtruediv__(self, other):
        return _coerce(other) * self ** -1

    def __radd__(self, other):
        return self + other

    def __rmul__(self, other):
        return self * other

    def backward(self):
        # order the graph, clear old gradients, then run the chain rule from the top
        topo, seen = [], set()

        def build(v):
            if v in seen:
                return
            seen.add(v)
            for child in v._prev:
                build(child)
            topo.append(v)
        build(self)
        for v in topo:
            v.grad = 0.0
        self.grad = 1.0
        for v in reversed(topo):
            v._backward()
