import math


class Value:
    __slots__ = ("data", "grad", "_back", "_kids", "op")

    def __init__(self, data, kids=(), op=""):
        self.data = float(data)
        self.grad = 0.0
        self._back = None
        self._kids = kids
        self.op = op

    @staticmethod
    def wrap(x):
        return x if isinstance(x, Value) else Value(x)

    def __add__(self, other):
        other = Value.wrap(other)
        out = Value(self.data + other.data, (self, other), "+")

        def back():
            self.grad += out.grad
            other.grad += out.grad
        out._back = back
        return out

    def __mul__(self, other):
        other = Value.wrap(other)
        out = Value(self.data * other.data, (self, other), "*")

        def back():
            self.grad += other.data * out.grad
            other.grad += self.data * out.grad
        out._back = back
        return out

    def __pow__(self, k):
        out = Value(self.data ** k, (self,), "pow")

        def back():
            self.grad += k * self.data ** (k - 1) * out.grad
        out._back = back
        return out

    def relu(self):
        out = Value(self.data if self.data > 0 else 0.0, (self,), "relu")

        def back():
            if self.data > 0:
                self.grad += out.grad
        out._back = back
        return out

    def tanh(self):
        t = math.tanh(self.data)
        out = Value(t, (self,), "tanh")

        def back():
            self.grad += (1 - t * t) * out.grad
        out._back = back
        return out

    def __neg__(self):
        return self * -1.0

    def __sub__(self, other):
        return self + (-Value.wrap(other))

    def __rsub__(self, other):
        return Value.wrap(other) - self

    def __radd__(self, other):
        return self + other

    def __rmul__(self, other):
        return self * other

    def backward(self):
        seen = set()
        order = []

        def dfs(v):
            if id(v) in seen:
                return
            seen.add(id(v))
            for k in v._kids:
                dfs(k)
            order.append(v)

        dfs(self)
        self.grad = 1.0
        for v in reversed(order):
            if v._back is not None:
                v._back()

    def __repr__(self):
        return f"Value({self.data}, grad={self.grad})"
