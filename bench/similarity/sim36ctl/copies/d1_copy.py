# engine.py -- Oskar Lund, project 1
import math

# op name -> (value of the inputs, derivatives wrt each input given inputs and output)
TABLE = {
    "add": (lambda a, b: a + b, lambda a, b, y: (1.0, 1.0)),
    "mul": (lambda a, b: a * b, lambda a, b, y: (b, a)),
    "relu": (lambda a: max(0.0, a), lambda a, y: (float(a > 0),)),
    "tanh": (math.tanh, lambda a, y: (1.0 - y * y,)),
    "exp": (math.exp, lambda a, y: (y,)),
}


class Value:
    def __init__(self, data, src=(), kind="", derivs=None):
        self.data = data
        self.grad = 0.0
        self.src = src
        self.kind = kind
        self.derivs = derivs

    def __repr__(self):
        return f"Value(data={self.data:.4f}, grad={self.grad:.4f})"

    @classmethod
    def cast(cls, x):
        return x if isinstance(x, cls) else cls(float(x))

    def _op(self, kind, *others):
        xs = (self,) + tuple(Value.cast(o) for o in others)
        forward, local = TABLE[kind]
        y = forward(*(v.data for v in xs))
        return Value(y, xs, kind, local(*(v.data for v in xs), y))

    def __add__(self, other):
        return self._op("add", other)

    def __mul__(self, other):
        return self._op("mul", other)

    def relu(self):
        return self._op("relu")

    def tanh(self):
        return self._op("tanh")

    def exp(self):
        return self._op("exp")

    def log(self):
        if self.data <= 0:
            raise ValueError(f"log is only defined for positive numbers, got {self.data}")
        return Value(math.log(self.data), (self,), "log", (1.0 / self.data,))

    def __pow__(self, n):
        if not isinstance(n, (int, float)):
            raise TypeError("the exponent has to be a plain number")
        return Value(self.data ** n, (self,), "pow", (n * self.data ** (n - 1),))

    def __neg__(self):
        return self * -1.0

    def __sub__(self, other):
        return self + (-Value.cast(other))

    def __rsub__(self, other):
        return Value.cast(other) - self

    def __truediv__(self, other):
        return self * Value.cast(other) ** -1

    def __rtruediv__(self, other):
        return Value.cast(other) / self

    __radd__ = __add__
    __rmul__ = __mul__

    def backward(self):
        ordered, seen = [], set()

        def walk(node):
            if node not in seen:
                seen.add(node)
                for p in node.src:
                    walk(p)
                ordered.append(node)

        walk(self)
        self.grad = 1.0
        for node in ordered[::-1]:
            for p, d in zip(node.src, node.derivs or ()):
                p.grad += d * node.grad
