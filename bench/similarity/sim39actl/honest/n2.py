"""engine.py: every operation is its own small class that knows its local slopes.

Labels as on the graph slide (u+v, u*v, ...). The slide says tanh saturates: for
|u| >= 30 it returns the sign and skips the library call."""
import itertools
import math

_serial = itertools.count()


class Value:
    label = ""

    def __init__(self, data, parents=()):
        self.data = float(data)
        self.grad = 0.0
        self.parents = tuple(parents)
        self.serial = next(_serial)

    def slopes(self):
        return ()

    def __repr__(self):
        return "Value[%s](data=%.6f, grad=%.6f)" % (self.label or "leaf", self.data, self.grad)

    @staticmethod
    def lift(x):
        return x if isinstance(x, Value) else Value(x)

    def __add__(self, other):
        return Add(self, Value.lift(other))

    def __mul__(self, other):
        return Mul(self, Value.lift(other))

    def __pow__(self, p):
        return Pow(self, p)

    def relu(self):
        return Relu(self)

    def tanh(self):
        return Tanh(self)

    def exp(self):
        return Exp(self)

    def log(self):
        return Log(self)

    def __neg__(self):
        return Mul(self, Value(-1.0))

    def __radd__(self, other):
        return Add(Value.lift(other), self)

    def __rmul__(self, other):
        return Mul(Value.lift(other), self)

    def __sub__(self, other):
        return self + (-Value.lift(other))

    def __rsub__(self, other):
        return Value.lift(other) + (-self)

    def __truediv__(self, other):
        return self * Pow(Value.lift(other), -1)

    def __rtruediv__(self, other):
        return Value.lift(other) * Pow(self, -1)

    def backward(self):
        seen, nodes, frontier = {self}, [], [self]
        while frontier:
            n = frontier.pop()
            nodes.append(n)
            for p in n.parents:
                if p not in seen:
                    seen.add(p)
                    frontier.append(p)
        # a node is always made after its parents, so a larger serial comes first
        nodes.sort(key=lambda n: n.serial, reverse=True)
        self.grad = 1.0
        for n in nodes:
            for p, s in zip(n.parents, n.slopes()):
                p.grad += s * n.grad


class Add(Value):
    label = "u+v"

    def __init__(self, a, b):
        super().__init__(a.data + b.data, (a, b))

    def slopes(self):
        return (1.0, 1.0)


class Mul(Value):
    label = "u*v"

    def __init__(self, a, b):
        super().__init__(a.data * b.data, (a, b))

    def slopes(self):
        a, b = self.parents
        return (b.data, a.data)


class Pow(Value):
    def __init__(self, a, p):
        super().__init__(a.data ** p, (a,))
        self.p = p
        self.label = f"u^{p}"

    def slopes(self):
        return (self.p * self.parents[0].data ** (self.p - 1),)


class Relu(Value):
    label = "relu(u)"

    def __init__(self, a):
        super().__init__(a.data if a.data > 0 else 0.0, (a,))

    def slopes(self):
        return (1.0 if self.parents[0].data > 0 else 0.0,)


class Tanh(Value):
    label = "tanh(u)"

    def __init__(self, a):
        u = a.data
        super().__init__(math.copysign(1.0, u) if abs(u) >= 30 else math.tanh(u), (a,))

    def slopes(self):
        return (1.0 - self.data * self.data,)


class Exp(Value):
    label = "exp(u)"

    def __init__(self, a):
        super().__init__(math.exp(a.data), (a,))

    def slopes(self):
        return (self.data,)


class Log(Value):
    label = "ln(u)"

    def __init__(self, a):
        super().__init__(math.log(a.data), (a,))

    def slopes(self):
        return (1.0 / self.parents[0].data,)
