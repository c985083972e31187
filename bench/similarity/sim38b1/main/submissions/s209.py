# Lab 2 -- Lena Hoffmann
# I wrote this from scratch (I think in C): every node has an op code and the
# backward pass is one switch over the codes.
import math

LEAF, ADD, MUL, POW, RELU, TANH, EXP, LOG = range(8)


class Value:
    def __init__(self, data, a=None, b=None, op=LEAF, k=0.0):
        self.data = data
        self.grad = 0.0
        self.a = a      # first operand (or None)
        self.b = b      # second operand (or None)
        self.op = op
        self.k = k      # exponent for POW

    @staticmethod
    def wrap(x):
        if isinstance(x, Value):
            return x
        return Value(x)

    def __add__(self, other):
        other = Value.wrap(other)
        return Value(self.data + other.data, self, other, ADD)

    def __mul__(self, other):
        other = Value.wrap(other)
        return Value(self.data * other.data, self, other, MUL)

    def __pow__(self, k):
        return Value(self.data ** k, self, None, POW, k)

    def relu(self):
        if self.data > 0:
            return Value(self.data, self, None, RELU)
        return Value(0.0, self, None, RELU)

    def tanh(self):
        return Value(math.tanh(self.data), self, None, TANH)

    def exp(self):
        return Value(math.exp(self.data), self, None, EXP)

    def log(self):
        return Value(math.log(self.data), self, None, LOG)

    def __neg__(self):
        return self * -1.0

    def __sub__(self, other):
        return self + (-Value.wrap(other))

    def __truediv__(self, other):
        return self * Value.wrap(other) ** -1

    def __radd__(self, other):
        return self + other

    def __rmul__(self, other):
        return self * other

    def __rsub__(self, other):
        return Value.wrap(other) - self

    def __rtruediv__(self, other):
        return Value.wrap(other) / self

    def operands(self):
        if self.a is None:
            return []
        if self.b is None:
            return [self.a]
        return [self.a, self.b]

    def step(self):
        # one node: push self.grad into the operands (switch on op)
        g = self.grad
        if self.op == ADD:
            self.a.grad += g
            self.b.grad += g
        elif self.op == MUL:
            self.a.grad += self.b.data * g
            self.b.grad += self.a.data * g
        elif self.op == POW:
            self.a.grad += self.k * self.a.data ** (self.k - 1) * g
        elif self.op == RELU:
            if self.a.data > 0:
                self.a.grad += g
        elif self.op == TANH:
            self.a.grad += (1.0 - self.data * self.data) * g
        elif self.op == EXP:
            self.a.grad += self.data * g
        elif self.op == LOG:
            self.a.grad += g / self.a.data

    def backward(self):
        order = []
        state = {}  # 1 = open, 2 = closed
        stack = [self]
        while stack:
            n = stack[-1]
            s = state.get(id(n), 0)
            if s == 0:
                state[id(n)] = 1
                for m in n.operands():
                    if state.get(id(m), 0) == 0:
                        stack.append(m)
            else:
                stack.pop()
                if s == 1:
                    state[id(n)] = 2
                    order.append(n)
        self.grad = 1.0
        i = len(order) - 1
        while i >= 0:
            order[i].step()
            i -= 1

    def __repr__(self):
        return "Value(%g, grad=%g)" % (self.data, self.grad)


Scalar = Value
