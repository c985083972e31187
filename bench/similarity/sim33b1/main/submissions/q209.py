# Ines' engine: nodes record an op name; one method knows every rule.
import math

ADD, MUL, POW, EXP, LOG, TANH, RELU = "add", "mul", "pow", "exp", "log", "tanh", "relu"


class Value:
    def __init__(self, data, args=(), op=None, k=None):
        self.data = data
        self.grad = 0
        self.args = args
        self.op = op
        self.k = k  # the exponent, for POW nodes

    def _push(self):
        """Pass self.grad on to self.args, by the rule of self.op."""
        g = self.grad
        if self.op == ADD:
            a, b = self.args
            a.grad += g
            b.grad += g
        elif self.op == MUL:
            a, b = self.args
            a.grad += b.data * g
            b.grad += a.data * g
        elif self.op == POW:
            (a,) = self.args
            a.grad += self.k * a.data ** (self.k - 1) * g
        elif self.op == EXP:
            self.args[0].grad += self.data * g
        elif self.op == LOG:
            self.args[0].grad += g / self.args[0].data
        elif self.op == TANH:
            self.args[0].grad += (1 - self.data ** 2) * g
        elif self.op == RELU:
            self.args[0].grad += (self.data > 0) * g

    @staticmethod
    def of(x):
        return x if isinstance(x, Value) else Value(x)

    def __add__(self, other):
        other = Value.of(other)
        return Value(self.data + other.data, (self, other), ADD)

    def __mul__(self, other):
        other = Value.of(other)
        return Value(self.data * other.data, (self, other), MUL)

    def __pow__(self, k):
        assert isinstance(k, (int, float))
        return Value(self.data ** k, (self,), POW, k)

    def exp(self):
        return Value(math.exp(self.data), (self,), EXP)

    def log(self):
        return Value(math.log(self.data), (self,), LOG)

    def tanh(self):
        return Value(math.tanh(self.data), (self,), TANH)

    def relu(self):
        return Value(max(0, self.data), (self,), RELU)

    def __neg__(self):
        return self * -1

    def __radd__(self, other):
        return self + other

    def __sub__(self, other):
        return self + (-Value.of(other))

    def __rsub__(self, other):
        return Value.of(other) + (-self)

    def __rmul__(self, other):
        return self * other

    def __truediv__(self, other):
        return self * Value.of(other) ** -1

    def __rtruediv__(self, other):
        return Value.of(other) * self ** -1

    def backward(self):
        order, seen = [], set()

        def walk(v):
            if v not in seen:
                seen.add(v)
                for a in v.args:
                    walk(a)
                order.append(v)

        walk(self)
        self.grad = 1
        for v in reversed(order):
            v._push()

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"
