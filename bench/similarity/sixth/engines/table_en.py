"""Tiny autodiff. Every op is a row in OPS: how to compute it and its local derivatives."""
import math

# name: (forward(x, y), d/dx, d/dy) -- y is None for one-input ops
OPS = {
    "add": (lambda x, y: x + y, lambda x, y: 1.0, lambda x, y: 1.0),
    "mul": (lambda x, y: x * y, lambda x, y: y, lambda x, y: x),
    "relu": (lambda x, _: x if x > 0 else 0.0, lambda x, _: 1.0 if x > 0 else 0.0, None),
    "tanh": (lambda x, _: math.tanh(x), lambda x, _: 1 - math.tanh(x) ** 2, None),
    "log": (lambda x, _: math.log(x), lambda x, _: 1 / x, None),
    "div": (lambda x, y: x / y, lambda x, y: 1 / y, lambda x, y: -x / y ** 2),
}


class Value:
    def __init__(self, data, op=None, args=()):
        self.data = data
        self.grad = 0
        self.op = op
        self.args = args

    @staticmethod
    def wrap(x):
        return x if isinstance(x, Value) else Value(x)

    def apply(self, name, other=None):
        forward = OPS[name][0]
        args = (self,) if other is None else (self, Value.wrap(other))
        values = [a.data for a in args] + [None] * (2 - len(args))
        return Value(forward(*values), name, args)

    def __add__(self, other): return self.apply("add", other)
    def __radd__(self, other): return self.apply("add", other)
    def __mul__(self, other): return self.apply("mul", other)
    def __rmul__(self, other): return self.apply("mul", other)
    def __truediv__(self, other): return self.apply("div", other)
    def __rtruediv__(self, other): return Value.wrap(other).apply("div", self)
    def relu(self): return self.apply("relu")
    def tanh(self): return self.apply("tanh")
    def log(self): return self.apply("log")

    def _push(self):
        """Send this node's grad to its arguments, through the table's derivatives."""
        if self.op is None:
            return
        values = [a.data for a in self.args] + [None] * (2 - len(self.args))
        for arg, derivative in zip(self.args, OPS[self.op][1:]):
            arg.grad += derivative(*values) * self.grad

    def backward(self):
        order, seen = [], set()

        def visit(v):
            if id(v) not in seen:
                seen.add(id(v))
                for a in v.args:
                    visit(a)
                order.append(v)

        visit(self)
        self.grad = 1
        for v in reversed(order):
            v._push()

    def __repr__(self):
        return "Value(%s, grad=%s)" % (self.data, self.grad)
