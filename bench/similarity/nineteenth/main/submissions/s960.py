import math


class Value:
    def __init__(self, data, _children=(), _op=""):
        self.data = data
        self.grad = 0
        self._backward = lambda: None
        self._prev = tuple(dict.fromkeys(_children))
        self._op = _op

    def __repr__(self):
        return f"Value(data={self.data!r}, grad={self.grad!r})"

    def backward(self):
        topo, seen = [], {self}
        stack = [(self, iter(self._prev))]
        while stack:
            v, kids = stack[-1]
            kid = next(kids, None)
            if kid is None:
                stack.pop()
                topo.append(v)
            elif kid not in seen:
                seen.add(kid)
                stack.append((kid, iter(kid._prev)))
        self.grad = 1
        for v in reversed(topo):
            v._backward()

    @staticmethod
    def _as_value(x):
        return x if isinstance(x, Value) else Value(x)

    def _make(self, data, inputs, slopes, op):
        res = Value(data, inputs, op)

        def _backward():
            for inp, slope in zip(inputs, slopes):
                inp.grad += slope * res.grad

        res._backward = _backward
        return res

    def __radd__(self, other):
        return self + other

    def __rmul__(self, other):
        return self * other

    def __add__(self, other):
        other = Value._as_value(other)
        return self._make(self.data + other.data, (self, other), (1.0, 1.0), "+")

    def __mul__(self, other):
        other = Value._as_value(other)
        return self._make(self.data * other.data, (self, other), (other.data, self.data), "*")

    def tanh(self):
        y = math.tanh(self.data)
        return self._make(y, (self,), (1 - y * y,), "tanh")

    def relu(self):
        pos = self.data > 0
        return self._make(self.data if pos else 0, (self,), (1.0 if pos else 0.0,), "ReLU")
