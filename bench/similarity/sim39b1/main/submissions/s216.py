"""PS1 engine -- Rin T.

I like keeping the maths in one place, so every rule is a static method of
`AD`, and Value only holds numbers and links.
"""
import math


class AD:
    """Forward values and local derivatives, as static methods."""

    @staticmethod
    def node(value, pairs, name):
        v = Value(value)
        v.links = pairs
        v.name = name
        return v

    @staticmethod
    def add(x, y):
        return AD.node(x.data + y.data, ((x, 1.0), (y, 1.0)), "add")

    @staticmethod
    def mul(x, y):
        return AD.node(x.data * y.data, ((x, y.data), (y, x.data)), "mul")

    @staticmethod
    def power(x, p):
        return AD.node(x.data ** p, ((x, p * x.data ** (p - 1)),), "pow")

    @staticmethod
    def relu(x):
        return AD.node(x.data if x.data > 0 else 0.0, ((x, 1.0 if x.data > 0 else 0.0),), "relu")

    @staticmethod
    def tanh(x):
        t = math.tanh(x.data)
        return AD.node(t, ((x, 1.0 - t * t),), "tanh")

    @staticmethod
    def exp(x):
        e = math.exp(x.data)
        return AD.node(e, ((x, e),), "exp")

    @staticmethod
    def log(x):
        return AD.node(math.log(x.data), ((x, 1.0 / x.data),), "log")

    @staticmethod
    def as_value(x):
        return x if isinstance(x, Value) else Value(x)

    @staticmethod
    def ordering(root):
        seen = set()
        out = []
        work = [root]
        expanded = set()
        while work:
            v = work[-1]
            if id(v) in expanded:
                work.pop()
                if id(v) not in seen:
                    seen.add(id(v))
                    out.append(v)
                continue
            expanded.add(id(v))
            for u, _ in v.links:
                if id(u) not in expanded:
                    work.append(u)
        return out

    @staticmethod
    def backprop(root):
        root.grad = 1.0
        for v in reversed(AD.ordering(root)):
            for u, d in v.links:
                u.grad += d * v.grad


class Value:
    def __init__(self, data):
        self.data = data
        self.grad = 0.0
        self.links = ()
        self.name = "leaf"

    __add__ = lambda self, o: AD.add(self, AD.as_value(o))
    __radd__ = __add__
    __mul__ = lambda self, o: AD.mul(self, AD.as_value(o))
    __rmul__ = __mul__
    __pow__ = lambda self, p: AD.power(self, p)
    __neg__ = lambda self: AD.mul(self, Value(-1.0))
    __sub__ = lambda self, o: AD.add(self, -AD.as_value(o))
    __rsub__ = lambda self, o: AD.add(AD.as_value(o), -self)
    __truediv__ = lambda self, o: AD.mul(self, AD.power(AD.as_value(o), -1))
    __rtruediv__ = lambda self, o: AD.mul(AD.as_value(o), AD.power(self, -1))
    relu = lambda self: AD.relu(self)
    tanh = lambda self: AD.tanh(self)
    exp = lambda self: AD.exp(self)
    log = lambda self: AD.log(self)
    backward = lambda self: AD.backprop(self)

    def __repr__(self):
        return f"Value({self.data}, grad={self.grad}, {self.name})"
