import math

OP_PLUS = "plus"
OP_TIMES = "times"
OP_POWER = "power"
OP_EXP = "e"
OP_LN = "ln"
OP_TANH = "th"
OP_RELU = "rect"


class Value:

    def __init__(self, data, operands=(), kind=None, exponent=None):
        self.data = data
        self.grad = 0
        self.operands = operands
        self.kind = kind
        self.exponent = exponent

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad}, op={self.kind})"

    def backward(self):
        ordered = []
        marked = set()

        def dfs(node):
            if node in marked:
                return
            marked.add(node)
            idx = 0
            while idx < len(node.operands):
                dfs(node.operands[idx])
                idx += 1
            ordered.append(node)

        dfs(self)
        self.grad = 1
        for node in reversed(ordered):
            node._send_grad()

    def _send_grad(self):
        up = self.grad
        kind = self.kind
        if kind == OP_TIMES:
            x, y = self.operands
            x.grad = x.grad + y.data * up
            y.grad = y.grad + x.data * up
        elif kind == OP_PLUS:
            x, y = self.operands
            x.grad = x.grad + up
            y.grad = y.grad + up
        elif kind == OP_LN:
            x = self.operands[0]
            x.grad = x.grad + up / x.data
        elif kind == OP_EXP:
            x = self.operands[0]
            x.grad = x.grad + self.data * up
        elif kind == OP_POWER:
            x = self.operands[0]
            x.grad = x.grad + self.exponent * x.data ** (self.exponent - 1) * up
        elif kind == OP_RELU:
            x = self.operands[0]
            x.grad = x.grad + (self.data > 0) * up
        elif kind == OP_TANH:
            x = self.operands[0]
            x.grad = x.grad + (1 - self.data ** 2) * up

    def __rmul__(self, other):
        return self * other

    def __radd__(self, other):
        return self + other

    def __rtruediv__(self, other):
        return other * self ** -1

    def __truediv__(self, other):
        return self * other ** -1

    def __rsub__(self, other):
        return other + (-self)

    def __sub__(self, other):
        return self + (-other)

    def __neg__(self):
        return self * -1

    def relu(self):
        return Value(self.data if self.data > 0 else 0, (self,), OP_RELU)

    def tanh(self):
        return Value(math.tanh(self.data), (self,), OP_TANH)

    def log(self):
        return Value(math.log(self.data), (self,), OP_LN)

    def exp(self):
        return Value(math.exp(self.data), (self,), OP_EXP)

    def __pow__(self, exponent):
        if not isinstance(exponent, (int, float)):
            raise AssertionError("exponent must be a constant")
        return Value(self.data ** exponent, (self,), OP_POWER, exponent)

    def __mul__(self, other):
        if not isinstance(other, Value):
            other = Value(other)
        return Value(self.data * other.data, (self, other), OP_TIMES)

    def __add__(self, other):
        if not isinstance(other, Value):
            other = Value(other)
        return Value(self.data + other.data, (self, other), OP_PLUS)
