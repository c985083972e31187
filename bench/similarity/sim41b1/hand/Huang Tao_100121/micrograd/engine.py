"""黄涛的引擎：没有用老师的 ops.py，运算用枚举 Op 标记，反向规则集中在 Value._push_grad 里。"""

import enum
import math


class Op(enum.Enum):
    LEAF = "leaf"
    ADD = "+"
    MUL = "*"
    POW = "**"
    RELU = "relu"
    TANH = "tanh"
    EXP = "exp"
    LOG = "log"


class Value:
    def __init__(self, data, args=(), op=Op.LEAF, k=None):
        self.data = float(data)
        self.grad = 0.0
        self.args = args
        self.op = op
        self.k = k  # 幂运算的指数

    @staticmethod
    def lift(x):
        return x if isinstance(x, Value) else Value(x)

    def __add__(self, other):
        other = Value.lift(other)
        return Value(self.data + other.data, (self, other), Op.ADD)

    def __mul__(self, other):
        other = Value.lift(other)
        return Value(self.data * other.data, (self, other), Op.MUL)

    def __pow__(self, k):
        if not isinstance(k, (int, float)):
            raise TypeError("exponent must be a number")
        return Value(self.data ** k, (self,), Op.POW, k)

    def relu(self):
        return Value(max(self.data, 0.0), (self,), Op.RELU)

    def tanh(self):
        return Value(math.tanh(self.data), (self,), Op.TANH)

    def exp(self):
        return Value(math.exp(self.data), (self,), Op.EXP)

    def log(self):
        return Value(math.log(self.data), (self,), Op.LOG)

    __radd__ = __add__
    __rmul__ = __mul__

    def __neg__(self):
        return self * -1.0

    def __sub__(self, other):
        return self + (-Value.lift(other))

    def __rsub__(self, other):
        return Value.lift(other) + (-self)

    def __truediv__(self, other):
        return self * Value.lift(other) ** -1

    def __rtruediv__(self, other):
        return Value.lift(other) * self ** -1

    def _push_grad(self):
        g = self.grad
        if self.op is Op.ADD:
            self.args[0].grad += g
            self.args[1].grad += g
        elif self.op is Op.MUL:
            x, y = self.args
            x.grad += y.data * g
            y.grad += x.data * g
        elif self.op is Op.POW:
            (x,) = self.args
            x.grad += self.k * x.data ** (self.k - 1) * g
        elif self.op is Op.RELU:
            self.args[0].grad += g if self.data > 0 else 0.0
        elif self.op is Op.TANH:
            self.args[0].grad += (1.0 - self.data ** 2) * g
        elif self.op is Op.EXP:
            self.args[0].grad += self.data * g
        elif self.op is Op.LOG:
            self.args[0].grad += g / self.args[0].data

    def backward(self):
        order, state = [], {}
        stack = [self]
        while stack:
            v = stack.pop()
            if state.get(v) == "open":
                state[v] = "closed"
                order.append(v)
            elif v not in state:
                state[v] = "open"
                stack.append(v)
                stack.extend(a for a in v.args if a not in state)
        self.grad = 1.0
        for v in reversed(order):
            v._push_grad()

    def __repr__(self):
        return f"Value({self.data:.4f}, grad={self.grad:.4f}, {self.op.name})"
