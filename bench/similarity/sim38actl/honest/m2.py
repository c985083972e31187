"""engine.py - every op is a row of a table: how to compute it and its local slopes.
Labels follow the lecture slides (a+b, a*b, ...)."""
import math

TABLE = {
    "a+b": (lambda a, b: a + b, lambda a, b, y: (1.0, 1.0)),
    "a*b": (lambda a, b: a * b, lambda a, b, y: (b, a)),
    "relu(a)": (lambda a: max(a, 0.0), lambda a, y: (1.0 if a > 0 else 0.0,)),
    "tanh(a)": (math.tanh, lambda a, y: (1.0 - y ** 2,)),
    "exp(a)": (math.exp, lambda a, y: (y,)),
    "log(a)": (math.log, lambda a, y: (1.0 / a,)),
}


def to_node(v):
    if isinstance(v, Value):
        return v
    return Value(v)


class Value:
    def __init__(self, data, args=(), op=None, slopes=()):
        self.data = float(data)
        self.grad = 0.0
        self.args = tuple(args)
        self.op = op
        self.slopes = tuple(slopes)

    def __repr__(self):
        return "Value(%r, grad=%r, op=%s)" % (self.data, self.grad, self.op)

    @classmethod
    def apply(cls, op, *args):
        f, df = TABLE[op]
        xs = [a.data for a in args]
        y = f(*xs)
        return cls(y, args, op, df(*xs, y))

    def __add__(self, other):
        return Value.apply("a+b", self, to_node(other))

    def __mul__(self, other):
        return Value.apply("a*b", self, to_node(other))

    def __pow__(self, k):
        if not isinstance(k, (int, float)):
            raise TypeError("exponent must be a plain number")
        return Value(self.data ** k, (self,), f"a**{k}", (k * self.data ** (k - 1),))

    def relu(self):
        return Value.apply("relu(a)", self)

    def tanh(self):
        return Value.apply("tanh(a)", self)

    def exp(self):
        return Value.apply("exp(a)", self)

    def log(self):
        return Value.apply("log(a)", self)

    def __neg__(self):
        return self * -1

    def __radd__(self, other):
        return self + other

    def __rmul__(self, other):
        return self * other

    def __sub__(self, other):
        return self + to_node(other) * -1

    def __rsub__(self, other):
        return to_node(other) + self * -1

    def __truediv__(self, other):
        return self * to_node(other) ** -1

    def __rtruediv__(self, other):
        return to_node(other) * self ** -1

    def backward(self):
        # Kahn: count how many times each node is used, release it when all uses are done
        uses, todo, seen = {}, [self], {self}
        while todo:
            n = todo.pop()
            for a in n.args:
                uses[a] = uses.get(a, 0) + 1
                if a not in seen:
                    seen.add(a)
                    todo.append(a)
        self.grad = 1.0
        ready = [self]
        while ready:
            n = ready.pop()
            for a, s in zip(n.args, n.slopes):
                a.grad += s * n.grad
                uses[a] -= 1
                if uses[a] == 0:
                    ready.append(a)
