import math


class Value:

    def __init__(self, data, _children=(), _op=""):
        self.data = data
        self.grad = 0
        self._prev = tuple(dict.fromkeys(_children))
        self._op = _op
        self._backward = lambda: None

    def __repr__(self):
        return "Value(data=%s, grad=%s)" % (self.data, self.grad)

    @staticmethod
    def _wrap(x):
        if isinstance(x, Value):
            return x
        return Value(x)

    def _make(self, data, parents, partials, op):
        # partials(res) -> the local derivative for every parent, read at backward time
        res = Value(data, parents, op)

        def _backward():
            for p, d in zip(parents, partials(res)):
                p.grad += res.grad * d

        res._backward = _backward
        return res

    def __neg__(self):
        return -1 * self

    def __sub__(self, other):
        return (-other) + self

    def __rsub__(self, other):
        return (-self) + other

    def __truediv__(self, other):
        return other ** -1 * self

    def __rtruediv__(self, other):
        return self ** -1 * other

    def __radd__(self, other):
        return self + other

    def __rmul__(self, other):
        return self * other

    def __add__(self, other):
        other = Value._wrap(other)
        return self._make(self.data + other.data, (self, other), lambda res: [1, 1], "+")

    def __mul__(self, other):
        other = Value._wrap(other)
        return self._make(self.data * other.data, (self, other), lambda res: [other.data, self.data], "*")

    def __pow__(self, k):
        assert isinstance(k, (int, float))
        return self._make(self.data ** k, (self,), lambda res: [self.data ** (k - 1) * k], "**%s" % k)

    def exp(self):
        return self._make(math.exp(self.data), (self,), lambda res: [res.data], "exp")

    def log(self):
        return self._make(math.log(self.data), (self,), lambda res: [self.data ** -1], "log")

    def tanh(self):
        return self._make(math.tanh(self.data), (self,), lambda res: [1 - res.data * res.data], "tanh")

    def relu(self):
        if self.data < 0:
            return self._make(0, (self,), lambda res: [0.0], "ReLU")
        return self._make(self.data, (self,), lambda res: [float(res.data > 0)], "ReLU")

    def backward(self):
        order, seen, stack = [], set(), [self]
        while stack:
            v = stack[-1]
            if v in seen:
                stack.pop()
                if v not in order:
                    order.append(v)
            else:
                seen.add(v)
                for p in v._prev:
                    if p not in seen:
                        stack.append(p)
        self.grad = 1
        for v in order[::-1]:
            v._backward()
