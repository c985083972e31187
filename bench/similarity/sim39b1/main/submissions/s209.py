# engine.py  -- PS1
# Yusuf K.  I write C at work, so this is written like C: op codes are ints,
# one dispatch in backward, an explicit stack, no closures.

import math

OP_LEAF = 0
OP_ADD = 1
OP_MUL = 2
OP_POW = 3
OP_RELU = 4
OP_TANH = 5
OP_EXP = 6
OP_LOG = 7


class Value:
    def __init__(self, data, a=None, b=None, op=OP_LEAF, k=0.0):
        self.data = float(data)
        self.grad = 0.0
        self.a = a      # first operand or None
        self.b = b      # second operand or None
        self.op = op
        self.k = k      # exponent for OP_POW

    def __add__(self, other):
        if not isinstance(other, Value):
            other = Value(other)
        return Value(self.data + other.data, self, other, OP_ADD)

    def __mul__(self, other):
        if not isinstance(other, Value):
            other = Value(other)
        return Value(self.data * other.data, self, other, OP_MUL)

    def __pow__(self, k):
        return Value(self.data ** k, self, None, OP_POW, k)

    def relu(self):
        if self.data > 0.0:
            return Value(self.data, self, None, OP_RELU)
        return Value(0.0, self, None, OP_RELU)

    def tanh(self):
        return Value(math.tanh(self.data), self, None, OP_TANH)

    def exp(self):
        return Value(math.exp(self.data), self, None, OP_EXP)

    def log(self):
        return Value(math.log(self.data), self, None, OP_LOG)

    def __neg__(self):
        return self * -1.0

    def __radd__(self, other):
        return self + other

    def __sub__(self, other):
        return self + (-other)

    def __rsub__(self, other):
        return (-self) + other

    def __rmul__(self, other):
        return self * other

    def __truediv__(self, other):
        return self * (other ** -1.0 if isinstance(other, Value) else 1.0 / other)

    def __rtruediv__(self, other):
        return (self ** -1.0) * other

    def backward(self):
        # pass 1: post order with an explicit stack of (node, state)
        order = []
        mark = {}
        stack = [self]
        state = [0]
        while len(stack) > 0:
            n = stack[-1]
            s = state[-1]
            if s == 0:
                state[-1] = 1
                if n.a is not None and id(n.a) not in mark:
                    mark[id(n.a)] = 1
                    stack.append(n.a)
                    state.append(0)
                continue
            if s == 1:
                state[-1] = 2
                if n.b is not None and id(n.b) not in mark:
                    mark[id(n.b)] = 1
                    stack.append(n.b)
                    state.append(0)
                continue
            order.append(n)
            stack.pop()
            state.pop()
        # pass 2: one switch per node, last to first
        self.grad = 1.0
        i = len(order) - 1
        while i >= 0:
            n = order[i]
            g = n.grad
            op = n.op
            if op == OP_ADD:
                n.a.grad += g
                n.b.grad += g
            elif op == OP_MUL:
                n.a.grad += n.b.data * g
                n.b.grad += n.a.data * g
            elif op == OP_POW:
                n.a.grad += n.k * n.a.data ** (n.k - 1) * g
            elif op == OP_RELU:
                if n.a.data > 0.0:
                    n.a.grad += g
            elif op == OP_TANH:
                n.a.grad += (1.0 - n.data * n.data) * g
            elif op == OP_EXP:
                n.a.grad += n.data * g
            elif op == OP_LOG:
                n.a.grad += g / n.a.data
            i -= 1

    def __repr__(self):
        return "Value(%g, grad=%g)" % (self.data, self.grad)
