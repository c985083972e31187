import math


def _val(x):
    return x if isinstance(x, Value) else Value(x)


class Value:
    # Each node keeps a list of (input, d node / d input) pairs made in the
    # forward pass.  backward() clears every gradient in the graph and then
    # sends gradient down the pairs, last node first.
    __slots__ = ("tag", "edges", "grad", "data")

    def __init__(self, data, edges=(), tag=None):
        self.tag = tag
        self.edges = edges
        self.grad = 0.0
        self.data = data

    def __repr__(self):
        return f"Value({self.data!r}, grad={self.grad!r})"

    def backward(self):
        post, seen = [], set()

        def walk(n):
            if id(n) in seen:
                return
            seen.add(id(n))
            for parent, _ in n.edges:
                walk(parent)
            post.append(n)

        walk(self)
        for n in post:
            n.grad = 0.0
        self.grad = 1.0
        for n in post[::-1]:
            for parent, local in n.edges:
                parent.grad += n.grad * local

    def log(self):
        return Value(math.log(self.data), [(self, self.data ** -1)], "log")

    def exp(self):
        e = math.exp(self.data)
        return Value(e, [(self, e)], "exp")

    def tanh(self):
        t = math.tanh(self.data)
        return Value(t, [(self, 1.0 - t ** 2)], "tanh")

    def relu(self):
        positive = self.data > 0
        return Value(self.data if positive else 0.0, [(self, 1.0 if positive else 0.0)], "relu")

    def __truediv__(self, other):
        other = _val(other)
        inv = 1.0 / other.data
        return Value(self.data * inv, [(self, inv), (other, -self.data * inv * inv)], "div")

    def __rtruediv__(self, other):
        return _val(other) / self

    def __sub__(self, other):
        other = _val(other)
        return Value(self.data + (-other.data), [(self, 1.0), (other, -1.0)], "sub")

    def __rsub__(self, other):
        return _val(other) - self

    def __neg__(self):
        return Value(-self.data, [(self, -1.0)], "neg")

    def __pow__(self, p):
        return Value(self.data ** p, [(self, self.data ** (p - 1) * p)], "pow")

    def __mul__(self, other):
        other = _val(other)
        return Value(other.data * self.data, [(self, other.data), (other, self.data)], "mul")

    __rmul__ = __mul__

    def __add__(self, other):
        other = _val(other)
        return Value(other.data + self.data, [(self, 1.0), (other, 1.0)], "add")

    __radd__ = __add__
