"""engine.py (project 1) -- Kemal Arslan.

The graph (Node) is kept apart from the number the user holds (Value), and every
operation is registered once with its forward and its local derivatives.
"""
import math

OPS = {}


def op(name):
    """Register FORWARD(*xs) and LOCALS(xs, y) -> one local derivative per input under NAME."""
    def register(pair):
        OPS[name] = pair
        return pair
    return register


op("add")((lambda x, y: x + y, lambda xs, out: (1.0, 1.0)))
op("mul")((lambda x, y: x * y, lambda xs, out: (xs[1], xs[0])))
op("relu")((lambda x: max(x, 0.0), lambda xs, out: (1.0 if out > 0 else 0.0,)))
op("tanh")((math.tanh, lambda xs, out: (1.0 - out ** 2,)))
op("exp")((math.exp, lambda xs, out: (out,)))
op("log")((math.log, lambda xs, out: (1.0 / xs[0],)))


class Node:
    """One vertex of the graph: its inputs and how to push a gradient into them."""

    __slots__ = ("inputs", "locals_of", "name")

    def __init__(self, inputs=(), locals_of=None, name=""):
        self.inputs = tuple(inputs)
        self.locals_of = locals_of
        self.name = name


def postorder(root):
    """Yield every Value under ROOT after all of its inputs (an explicit stack: no recursion limit)."""
    seen = {id(root)}
    stack = [(root, iter(root.node.inputs))]
    while stack:
        value, pending = stack[-1]
        nxt = next((x for x in pending if id(x) not in seen), None)
        if nxt is None:
            stack.pop()
            yield value
        else:
            seen.add(id(nxt))
            stack.append((nxt, iter(nxt.node.inputs)))


class Value:
    def __init__(self, data, _children=(), _op=""):
        self.data = data
        self.grad = 0.0
        self.node = Node(_children, None, _op)

    @property
    def _prev(self):
        return self.node.inputs

    def _backward(self):
        if self.node.locals_of is None:
            return
        xs = [v.data for v in self.node.inputs]
        for v, local in zip(self.node.inputs, self.node.locals_of(xs, self.data)):
            v.grad += local * self.grad

    @staticmethod
    def _apply(name, *args):
        forward, locals_of = OPS[name]
        args = [a if isinstance(a, Value) else Value(a) for a in args]
        out = Value(forward(*[a.data for a in args]), args, name)
        out.node.locals_of = locals_of
        return out

    def __add__(self, other):
        return Value._apply("add", self, other)

    def __radd__(self, other):
        return Value._apply("add", other, self)

    def __mul__(self, other):
        return Value._apply("mul", self, other)

    def __rmul__(self, other):
        return Value._apply("mul", other, self)

    def __pow__(self, k):
        out = Value(self.data ** k, (self,), "pow")
        out.node.locals_of = lambda xs, y: (k * xs[0] ** (k - 1),)
        return out

    def relu(self):
        return Value._apply("relu", self)

    def tanh(self):
        return Value._apply("tanh", self)

    def exp(self):
        return Value._apply("exp", self)

    def log(self):
        return Value._apply("log", self)

    def __neg__(self):
        return self * -1

    def __sub__(self, other):
        return self + (-1) * other

    def __rsub__(self, other):
        return other + (-1) * self

    def __truediv__(self, other):
        return self * (other if isinstance(other, Value) else Value(other)) ** -1

    def __rtruediv__(self, other):
        return other * self ** -1

    def backward(self):
        order = list(postorder(self))
        self.grad = 1.0
        for v in reversed(order):
            v._backward()

    def __repr__(self):
        return f"Value({self.data:.6g}, grad={self.grad:.6g})"


def inputs_of(root):
    """The leaves under ROOT."""
    return [v for v in postorder(root) if not v.node.inputs]
