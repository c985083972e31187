"""Assignment 2: scalar autograd. One small class per operation, each with its forward value and its local slopes."""

import math


class Value:
    def __init__(self, data, op=None):
        self.data, self.grad, self.op = data, 0, op

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad}) [{type(self.op).__name__ if self.op else 'leaf'}]"

    def _make(self, cls, *args):
        op = cls(self, *args)
        return Value(op.forward(), op)

    def __add__(self, other):
        return self._make(Add, other if isinstance(other, Value) else Value(other))

    def __mul__(self, other):
        return self._make(Mul, other if isinstance(other, Value) else Value(other))

    def __pow__(self, k):
        assert isinstance(k, (int, float)), "power must be a number (Noor: no Value exponents)"
        return self._make(Pow, k)

    def softplus(self):
        return self._make(Softplus)

    def tanh(self):
        return self._make(Tanh)

    def exp(self):
        return self._make(Exp)

    def log(self):
        return self._make(Log)

    def relu(self):
        return self._make(Relu)

    __radd__ = __add__
    __rmul__ = __mul__

    def __neg__(self):
        return self * -1

    def __sub__(self, other):
        return self + other * -1

    def __rsub__(self, other):
        return self * -1 + other

    def __truediv__(self, other):
        return self * other ** -1

    def __rtruediv__(self, other):
        return self ** -1 * other

    def backward(self):
        seen, order = set(), []

        def walk(node):
            if node in seen:
                return
            seen.add(node)
            for src in (node.op.inputs if node.op else ()):
                walk(src)
            order.append(node)
        walk(self)
        self.grad = 1
        for node in order[::-1]:
            if node.op:
                for src, slope in zip(node.op.inputs, node.op.slopes(node)):
                    src.grad += slope * node.grad


class Op:
    def __init__(self, *inputs):
        self.inputs = inputs


class Add(Op):
    def forward(self):
        return self.inputs[0].data + self.inputs[1].data

    def slopes(self, out):
        return 1, 1


class Mul(Op):
    def forward(self):
        return self.inputs[0].data * self.inputs[1].data

    def slopes(self, out):
        return self.inputs[1].data, self.inputs[0].data


class Pow(Op):
    def __init__(self, base, k):
        super().__init__(base)
        self.k = k

    def forward(self):
        return self.inputs[0].data ** self.k

    def slopes(self, out):
        return (self.k * self.inputs[0].data ** (self.k - 1),)


class Softplus(Op):
    def forward(self):
        # log(1 + e^x) without overflow for big x
        x = self.inputs[0].data
        return x + math.log1p(math.exp(-x)) if x > 0 else math.log1p(math.exp(x))

    def slopes(self, out):
        return (1 / (1 + math.exp(-self.inputs[0].data)),)


class Tanh(Op):
    def forward(self):
        x = self.inputs[0].data
        return (math.exp(2 * x) - 1) / (math.exp(2 * x) + 1)

    def slopes(self, out):
        return (1 - out.data ** 2,)


class Exp(Op):
    def forward(self):
        return math.exp(self.inputs[0].data)

    def slopes(self, out):
        return (out.data,)


class Log(Op):
    def forward(self):
        return math.log(self.inputs[0].data)

    def slopes(self, out):
        return (1 / self.inputs[0].data,)


class Relu(Op):
    def forward(self):
        return 0 if self.inputs[0].data < 0 else self.inputs[0].data

    def slopes(self, out):
        return (out.data > 0,)
