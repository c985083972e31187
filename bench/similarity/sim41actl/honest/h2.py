# Homework 2 -- Arjun Mehta
# The two binary operators are generated: for each (dunder, function, partials)
# row I build the method and its reflected twin and attach them with setattr.
# Gradients: an explicit stack of (node, visited_children) frames gives a
# post-order; then one pass from the end pushes gradients to the inputs.
import math
import operator


class Value:
    def __init__(self, data, srcs=(), grads_local=()):
        self.data = data
        self.grad = 0
        self.srcs = srcs
        self.grads_local = grads_local

    def __repr__(self):
        return "<Value %.4f (grad %.4f)>" % (self.data, self.grad)


def as_value(x):
    if isinstance(x, Value):
        return x
    return Value(x)


def binary(fn, partials, reflected=False):
    def op(self, other):
        other = as_value(other)
        lhs, rhs = (other, self) if reflected else (self, other)
        return Value(fn(lhs.data, rhs.data), (lhs, rhs), partials(lhs.data, rhs.data))
    return op


ROWS = [
    ("add", operator.add, lambda x, y: (1, 1)),
    ("mul", operator.mul, lambda x, y: (y, x)),
]
for name, fn, partials in ROWS:
    setattr(Value, f"__{name}__", binary(fn, partials))
    setattr(Value, f"__r{name}__", binary(fn, partials, reflected=True))


def unary(value, derivative):
    def op(self):
        v = value(self.data)
        return Value(v, (self,), (derivative(self.data, v),))
    return op


Value.relu = unary(lambda x: x if x > 0 else 0.0, lambda x, v: 1 if x > 0 else 0)
Value.tanh = unary(math.tanh, lambda x, v: 1 - v ** 2)
Value.exp = unary(math.exp, lambda x, v: v)
Value.log = unary(math.log, lambda x, v: 1 / x)
Value.__pow__ = lambda self, p: Value(self.data ** p, (self,), (p * self.data ** (p - 1),))
Value.__neg__ = lambda self: self * -1
Value.__sub__ = lambda self, other: self + -as_value(other)
Value.__rsub__ = lambda self, other: as_value(other) + -self
Value.__truediv__ = lambda self, other: self * as_value(other) ** -1
Value.__rtruediv__ = lambda self, other: as_value(other) * self ** -1


def backward(self):
    post, marked = [], set()
    frames = [[self, 0]]
    marked.add(self)
    while frames:
        frame = frames[-1]
        node, k = frame
        if k < len(node.srcs):
            frame[1] += 1
            child = node.srcs[k]
            if child not in marked:
                marked.add(child)
                frames.append([child, 0])
        else:
            frames.pop()
            post.append(node)
    self.grad = 1
    for node in post[::-1]:
        for child, local in zip(node.srcs, node.grads_local):
            child.grad += local * node.grad


Value.backward = backward
