import math

class Value:

    def __init__(self, data, inputs=()):
        self.data = data
        self.grad = 0
        self.inputs = inputs

@staticmethod
def _value_c(x):
    return x if isinstance(x, Value) else Value(x)
setattr(Value, '_c' + '', _value_c)

def _value_add(self, o):
    o = Value._c(o)
    return Value(self.data + o.data, ((self, lambda: 1), (o, lambda: 1)))
setattr(Value, '__a' + 'dd__', _value_add)

def _value_mul(self, o):
    o = Value._c(o)
    return Value(self.data * o.data, ((self, lambda: o.data), (o, lambda: self.data)))
setattr(Value, '__m' + 'ul__', _value_mul)

def _value_pow(self, k):
    return Value(self.data ** k, ((self, lambda: k * self.data ** (k - 1)),))
setattr(Value, '__p' + 'ow__', _value_pow)

def _value_relu(self):
    return Value(max(self.data, 0), ((self, lambda: float(self.data > 0)),))
setattr(Value, 'rel' + 'u', _value_relu)

def _value_tanh(self):
    t = math.tanh(self.data)
    return Value(t, ((self, lambda: 1 - t * t),))
setattr(Value, 'tan' + 'h', _value_tanh)

def _value_exp(self):
    e = math.exp(self.data)
    return Value(e, ((self, lambda: e),))
setattr(Value, 'exp' + '', _value_exp)

def _value_log(self):
    return Value(math.log(self.data), ((self, lambda: 1 / self.data),))
setattr(Value, 'log' + '', _value_log)

def _value_neg(self):
    return self * -1
setattr(Value, '__n' + 'eg__', _value_neg)

def _value_radd(self, o):
    return self + o
setattr(Value, '__r' + 'add__', _value_radd)

def _value_rmul(self, o):
    return self * o
setattr(Value, '__r' + 'mul__', _value_rmul)

def _value_sub(self, o):
    return self + -Value._c(o)
setattr(Value, '__s' + 'ub__', _value_sub)

def _value_rsub(self, o):
    return Value._c(o) + -self
setattr(Value, '__r' + 'sub__', _value_rsub)

def _value_truediv(self, o):
    return self * Value._c(o) ** (-1)
setattr(Value, '__t' + 'ruediv__', _value_truediv)

def _value_rtruediv(self, o):
    return Value._c(o) * self ** (-1)
setattr(Value, '__r' + 'truediv__', _value_rtruediv)

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
setattr(Value, 'bac' + 'kward', _value_backward)
