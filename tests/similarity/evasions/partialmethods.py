import functools
import math

def _value_add(self, o):
    o = Value._c(o)
    return Value(self.data + o.data, ((self, lambda: 1), (o, lambda: 1)))

def _value_mul(self, o):
    o = Value._c(o)
    return Value(self.data * o.data, ((self, lambda: o.data), (o, lambda: self.data)))

def _value_pow(self, k):
    return Value(self.data ** k, ((self, lambda: k * self.data ** (k - 1)),))

def _value_relu(self):
    return Value(max(self.data, 0), ((self, lambda: float(self.data > 0)),))

def _value_tanh(self):
    t = math.tanh(self.data)
    return Value(t, ((self, lambda: 1 - t * t),))

def _value_exp(self):
    e = math.exp(self.data)
    return Value(e, ((self, lambda: e),))

def _value_log(self):
    return Value(math.log(self.data), ((self, lambda: 1 / self.data),))

def _value_neg(self):
    return self * -1

def _value_radd(self, o):
    return self + o

def _value_rmul(self, o):
    return self * o

def _value_sub(self, o):
    return self + -Value._c(o)

def _value_rsub(self, o):
    return Value._c(o) + -self

def _value_truediv(self, o):
    return self * Value._c(o) ** (-1)

def _value_rtruediv(self, o):
    return Value._c(o) * self ** (-1)

def _value_backward(self):
    order, seen = ([], set())

    def visit_all(root):
        stack = [(root, False)]
        while stack:
            node, done = stack.pop()
            if done:
                order.append(node)
            elif id(node) not in seen:
                seen.add(id(node))
                stack.append((node, True))
                for parent, _ in node.inputs:
                    stack.append((parent, False))

    def write_back(totals):
        for node in order:
            node.grad = totals[id(node)]
    visit_all(self)
    totals = {id(n): n.grad for n in order}
    totals[id(self)] = 1
    for node in reversed(order):
        g = totals[id(node)]
        for parent, local in node.inputs:
            totals[id(parent)] += local() * g
    write_back(totals)

class Value:

    def __init__(self, data, inputs=()):
        self.data = data
        self.grad = 0
        self.inputs = inputs

    @staticmethod
    def _c(x):
        return x if isinstance(x, Value) else Value(x)
    __add__ = functools.partialmethod(_value_add)
    __mul__ = functools.partialmethod(_value_mul)
    __pow__ = functools.partialmethod(_value_pow)
    relu = functools.partialmethod(_value_relu)
    tanh = functools.partialmethod(_value_tanh)
    exp = functools.partialmethod(_value_exp)
    log = functools.partialmethod(_value_log)
    __neg__ = functools.partialmethod(_value_neg)
    __radd__ = functools.partialmethod(_value_radd)
    __rmul__ = functools.partialmethod(_value_rmul)
    __sub__ = functools.partialmethod(_value_sub)
    __rsub__ = functools.partialmethod(_value_rsub)
    __truediv__ = functools.partialmethod(_value_truediv)
    __rtruediv__ = functools.partialmethod(_value_rtruediv)
    backward = functools.partialmethod(_value_backward)
