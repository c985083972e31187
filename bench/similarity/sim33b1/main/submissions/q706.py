import math

# operation codes
OP_ADD = "+"
OP_MUL = "*"
OP_POW = "^"
OP_EXP = "e"
OP_LOG = "ln"
OP_TANH = "th"
OP_RELU = "r"


class Value:
    def __init__(self, data, src=(), kind=None, power=None):
        self.data = data
        self.grad = 0
        self.src = src
        self.kind = kind
        self.power = power

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"

    @staticmethod
    def wrap(v):
        if isinstance(v, Value):
            return v
        return Value(v)

    # forward ops
    def __mul__(self, other):
        other = Value.wrap(other)
        return Value(self.data * other.data, (self, other), OP_MUL)

    def __add__(self, other):
        other = Value.wrap(other)
        return Value(self.data + other.data, (self, other), OP_ADD)

    def relu(self):
        return Value(max(0, self.data), (self,), OP_RELU)

    def tanh(self):
        return Value(math.tanh(self.data), (self,), OP_TANH)

    def log(self):
        return Value(math.log(self.data), (self,), OP_LOG)

    def exp(self):
        return Value(math.exp(self.data), (self,), OP_EXP)

    def __pow__(self, power):
        assert isinstance(power, (int, float))
        return Value(self.data ** power, (self,), OP_POW, power)

    def __rmul__(self, other):
        return self * other

    def __radd__(self, other):
        return self + other

    def __neg__(self):
        return self * -1

    def __truediv__(self, other):
        return self * Value.wrap(other) ** -1

    def __rtruediv__(self, other):
        return Value.wrap(other) * self ** -1

    def __sub__(self, other):
        return self + (-Value.wrap(other))

    def __rsub__(self, other):
        return Value.wrap(other) + (-self)

    # gradient of one node to its sources
    def _send(self):
        up = self.grad
        if self.kind == OP_MUL:
            x, y = self.src
            x.grad = x.grad + y.data * up
            y.grad = y.grad + x.data * up
        elif self.kind == OP_ADD:
            x, y = self.src
            x.grad = x.grad + up
            y.grad = y.grad + up
        elif self.kind == OP_RELU:
            self.src[0].grad = self.src[0].grad + (self.data > 0) * up
        elif self.kind == OP_TANH:
            self.src[0].grad = self.src[0].grad + (1 - self.data ** 2) * up
        elif self.kind == OP_LOG:
            self.src[0].grad = self.src[0].grad + up / self.src[0].data
        elif self.kind == OP_EXP:
            self.src[0].grad = self.src[0].grad + self.data * up
        elif self.kind == OP_POW:
            x = self.src[0]
            x.grad = x.grad + self.power * x.data ** (self.power - 1) * up

    def backward(self):
        nodes = []
        done = set()

        def visit(n):
            if n in done:
                return
            done.add(n)
            for s in n.src:
                visit(s)
            nodes.append(n)

        visit(self)
        self.grad = 1
        for n in nodes[::-1]:
            n._send()
