"""唐杰：Value 连接 ops.py 的运算。"""

from . import ops


class Value:
    def __init__(self, data, srcs=(), locals_=()):
        self.data = data
        self.grad = 0.0
        self.srcs = srcs
        self.locals_ = locals_

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"

    @staticmethod
    def _apply(fn, *args, extra=()):
        nodes = [a if isinstance(a, Value) else Value(a) for a in args]
        data, local = fn(*(n.data for n in nodes), *extra)
        return Value(data, tuple(nodes), local)

    def __add__(self, other):
        return Value._apply(ops.add, self, other)

    def __mul__(self, other):
        return Value._apply(ops.mul, self, other)

    def __pow__(self, n):
        return Value._apply(ops.power, self, extra=(n,))

    def relu(self):
        return Value._apply(ops.relu, self)

    def tanh(self):
        return Value._apply(ops.tanh, self)

    def exp(self):
        return Value._apply(ops.exp, self)

    def log(self):
        return Value._apply(ops.log, self)

    def __radd__(self, other):
        return self + other

    def __rmul__(self, other):
        return self * other

    def __neg__(self):
        return self * -1

    def __sub__(self, other):
        return self + (other * -1)

    def __rsub__(self, other):
        return (self * -1) + other

    def __truediv__(self, other):
        return self * (other ** -1 if isinstance(other, Value) else 1.0 / other)

    def __rtruediv__(self, other):
        return self ** -1 * other

    def _order(self):
        result, marks = [], {}
        stack = [self]
        while stack:
            v = stack[-1]
            if marks.get(v) is None:
                marks[v] = "grey"
                stack.extend(s for s in v.srcs if s not in marks)
            else:
                stack.pop()
                if marks[v] == "grey":
                    marks[v] = "black"
                    result.append(v)
        return result

    def backward(self):
        order = self._order()
        self.grad = 1.0
        for v in reversed(order):
            for src, d in zip(v.srcs, v.locals_):
                src.grad += d * v.grad
