# HW4 engine - Yusuf D.
# Instead of writing the same closure again for every op I keep the forward function and the local
# derivative of each op in a table and have one method that builds nodes from it.
import math
import operator

# name: (forward(x), derivative(x, y)) where y is the output
UNARY = {
    "exp": (math.exp, lambda x, y: y),
    "ln": (math.log, lambda x, y: 1 / x),
    "tanh": (lambda x: 2 / (1 + math.exp(-2 * x)) - 1, lambda x, y: 1 - y * y),
    "relu": (lambda x: (x + abs(x)) / 2, lambda x, y: float(x > 0)),
}

# name: (forward(a, b), partials(a, b))
BINARY = {
    "+": (operator.add, lambda a, b: (1, 1)),
    "*": (operator.mul, lambda a, b: (b, a)),
}


class Value:

    def __init__(self, data, inputs=(), name=""):
        self.data = data
        self.grad = 0
        self.inputs = set(inputs)
        self.name = name
        self.push = lambda: None

    @staticmethod
    def _binary(name, a, b):
        if not isinstance(b, Value):
            b = Value(b)
        f, df = BINARY[name]
        out = Value(f(a.data, b.data), (a, b), name)

        def push():
            da, db = df(a.data, b.data)
            a.grad += da * out.grad
            b.grad += db * out.grad
        out.push = push
        return out

    def _unary(self, name):
        f, df = UNARY[name]
        if name == "ln":
            assert self.data > 0, "ln of a non-positive number"
        out = Value(f(self.data), (self,), name)

        def push():
            self.grad += df(self.data, out.data) * out.grad
        out.push = push
        return out

    def __mul__(self, other):
        return Value._binary("*", self, other)

    def __add__(self, other):
        return Value._binary("+", self, other)

    def __pow__(self, k):
        assert isinstance(k, (int, float))
        out = Value(self.data ** k, (self,), f"^{k}")

        def push():
            self.grad += k * self.data ** (k - 1) * out.grad
        out.push = push
        return out

    def exp(self):
        return self._unary("exp")

    def log(self):
        return self._unary("ln")

    def tanh(self):
        return self._unary("tanh")

    def relu(self):
        return self._unary("relu")

    def __rmul__(self, other):
        return self * other

    def __radd__(self, other):
        return self + other

    def __neg__(self):
        return self * -1

    def __sub__(self, other):
        return self + (-other)

    def __rsub__(self, other):
        return other + (-self)

    def __truediv__(self, other):
        return self * other ** -1

    def __rtruediv__(self, other):
        return self ** -1 * other

    def backward(self):
        order, seen, stack = [], set(), [self]
        while stack:
            v = stack[-1]
            if v not in seen:
                seen.add(v)
                stack.extend(c for c in v.inputs if c not in seen)
            else:
                stack.pop()
                if v not in order:
                    order.append(v)
        self.grad = 1
        for v in reversed(order):
            v.push()

    def __repr__(self):
        return f"Value(data={self.data})"
