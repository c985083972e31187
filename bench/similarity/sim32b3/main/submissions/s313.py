# Value is thin; the ops are plain functions that build nodes. Written for the 03 exercise
# but without the starter (I wanted to see if I could do it from the lecture notes).
import math


class Value:
    def __init__(self, data, inputs=(), backward_fn=None, label=""):
        self.data = data
        self.grad = 0
        self.inputs = inputs
        self.backward_fn = backward_fn
        self.label = label

    def __add__(self, other):
        return add(self, other)

    def __radd__(self, other):
        return add(other, self)

    def __mul__(self, other):
        return mul(self, other)

    def __rmul__(self, other):
        return mul(other, self)

    def relu(self):
        return relu(self)

    def tanh(self):
        return tanh(self)

    def backward(self):
        for node in reversed(list(postorder(self))):
            if node is self:
                node.grad = 1
            if node.backward_fn:
                node.backward_fn(node)

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"


def as_value(x):
    return x if isinstance(x, Value) else Value(x)


def add(a, b):
    a, b = as_value(a), as_value(b)

    def fn(out):
        a.grad += out.grad
        b.grad += out.grad
    return Value(a.data + b.data, (a, b), fn, "+")


def mul(a, b):
    a, b = as_value(a), as_value(b)

    def fn(out):
        a.grad += b.data * out.grad
        b.grad += a.data * out.grad
    return Value(a.data * b.data, (a, b), fn, "*")


def relu(a):
    def fn(out):
        a.grad += (a.data > 0) * out.grad
    return Value(max(0, a.data), (a,), fn, "relu")


def tanh(a):
    t = math.tanh(a.data)

    def fn(out):
        a.grad += (1 - t ** 2) * out.grad
    return Value(t, (a,), fn, "tanh")


def postorder(root):
    """Yield every node below root once, inputs first (a generator DFS)."""
    seen = set()

    def walk(n):
        if n in seen:
            return
        seen.add(n)
        for i in n.inputs:
            yield from walk(i)
        yield n

    yield from walk(root)
