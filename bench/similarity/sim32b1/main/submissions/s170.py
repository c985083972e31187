# Ingrid L. -- engine for assignment 4 (written from scratch, op codes instead of closures)
import math

ADD, MUL, POW, EXP, LOG, TANH, RELU = "add", "mul", "pow", "exp", "log", "tanh", "relu"


class Value:
    def __init__(self, data, args=(), op=None, k=None):
        self.data = data
        self.grad = 0
        self.args = args      # the operands this node was made from
        self.op = op          # one of the op codes above, None for a leaf
        self.k = k            # the constant exponent of a pow node

    # ---------------------------------------------------------------- forward
    def __add__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        return Value(self.data + other.data, (self, other), ADD)

    def __mul__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        return Value(self.data * other.data, (self, other), MUL)

    def __pow__(self, k):
        assert isinstance(k, (int, float)), "constant exponents only"
        return Value(self.data ** k, (self,), POW, k)

    def exp(self):
        return Value(math.exp(self.data), (self,), EXP)

    def log(self):
        return Value(math.log(self.data), (self,), LOG)

    def tanh(self):
        return Value(math.tanh(self.data), (self,), TANH)

    def relu(self):
        return Value(self.data if self.data > 0 else 0, (self,), RELU)

    def __neg__(self):
        return self * -1

    def __sub__(self, other):
        return self + (-other)

    def __rsub__(self, other):
        return other + (-self)

    def __truediv__(self, other):
        return self * other ** -1

    def __rtruediv__(self, other):
        return other * self ** -1

    def __radd__(self, other):
        return self + other

    def __rmul__(self, other):
        return self * other

    # --------------------------------------------------------------- backward
    def _push_grad(self):
        """Give each operand its share of self.grad, by the op that made self."""
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
            (a,) = self.args
            a.grad += self.data * g
        elif self.op == LOG:
            (a,) = self.args
            a.grad += g / a.data
        elif self.op == TANH:
            (a,) = self.args
            a.grad += (1 - self.data ** 2) * g
        elif self.op == RELU:
            (a,) = self.args
            a.grad += (self.data > 0) * g

    def backward(self):
        topo = []
        done = set()

        def build(v):
            if v not in done:
                done.add(v)
                for a in v.args:
                    build(a)
                topo.append(v)

        build(self)
        self.grad = 1
        for v in topo[::-1]:
            v._push_grad()

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad}, op={self.op})"
