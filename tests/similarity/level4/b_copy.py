"""Scalar reverse-mode AD. Each operation is a row of RULES: how to compute it and its local derivatives."""

import math

MAX_EXP = 700.0  # a little past 709 math.exp overflows


def _forward_exp(a):
    if a > MAX_EXP:
        raise OverflowError(f"exp({a}) is too large for a float")
    return math.exp(a)


# name -> (forward of the input values, local derivatives from the inputs' values and the output's)
RULES = {
    "+": (lambda a, b: a + b, lambda a, b, out: (1.0, 1.0)),
    "*": (lambda a, b: a * b, lambda a, b, out: (b, a)),
    "exp": (_forward_exp, lambda a, out: (out,)),
    "tanh": (math.tanh, lambda a, out: (1 - out ** 2,)),
    "sigmoid": (lambda a: 1 / (1 + math.exp(-a)), lambda a, out: (out * (1 - out),)),
    "log": (math.log, lambda a, out: (1 / a,)),
    "relu": (lambda a: max(0.0, a), lambda a, out: (float(out > 0),)),
}


class Value:
    def __init__(self, data, srcs=(), rule=""):
        self.data, self.grad, self.srcs, self.rule = data, 0.0, tuple(srcs), rule
        self.extra = None

    def __repr__(self):
        return f"<V {self.data:+.4f} | dg {self.grad:+.4f}>"

    def apply(self, rule, *others):
        srcs = (self,) + tuple(o if isinstance(o, Value) else Value(o) for o in others)
        return Value(RULES[rule][0](*(s.data for s in srcs)), srcs, rule)

    def local(self):
        if self.rule == "pow":
            (base,), k = self.srcs, self.extra
            return (k * base.data ** (k - 1),)
        return RULES[self.rule][1](*(s.data for s in self.srcs), self.data)

    def __add__(self, o):
        return self.apply("+", o)

    def __mul__(self, o):
        return self.apply("*", o)

    def exp(self):
        return self.apply("exp")

    def tanh(self):
        return self.apply("tanh")

    def sigmoid(self):
        return self.apply("sigmoid")

    def log(self):
        return self.apply("log")

    def relu(self):
        return self.apply("relu")

    def __pow__(self, k):
        assert isinstance(k, (int, float)), "only constant powers are supported"
        out = Value(self.data ** k, (self,), "pow")
        out.extra = k
        return out

    def __radd__(self, o):
        return self + o

    def __rmul__(self, o):
        return self * o

    def __neg__(self):
        return -1 * self

    def __sub__(self, o):
        return self + -1 * o

    def __rsub__(self, o):
        return o + -1 * self

    def __truediv__(self, o):
        return self * (o if isinstance(o, Value) else Value(o)) ** -1

    def __rtruediv__(self, o):
        return o * self ** -1

    def backward(self):
        order, done, stack = [], set(), [(self, False)]
        while stack:  # two colours: a node goes out once its children have
            v, ready = stack.pop()
            if ready:
                order.append(v)
                continue
            if v in done:
                continue
            done.add(v)
            stack.append((v, True))
            stack += [(s, False) for s in v.srcs]
        self.grad = 1.0
        for v in order[::-1]:
            if v.srcs:
                for s, d in zip(v.srcs, v.local()):
                    s.grad += d * v.grad
