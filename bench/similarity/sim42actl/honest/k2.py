"""Value engine, one class per operation (Amara Okafor).

A Node knows its inputs; each subclass says how it computes its value (forward) and
what each input's local derivative is (local). Value wraps a node with the
arithmetic operators. backward() sorts the nodes depth first with a generator and
applies the chain rule from the output down.
"""
import math


class Node:
    def __init__(self, *inputs, power=None):
        self.inputs = inputs
        self.power = power
        self.data = self.forward(*[i.data for i in inputs]) if inputs else 0.0
        self.grad = 0.0

    def forward(self, *xs):
        raise NotImplementedError

    def local(self):
        return ()


class Leaf(Node):
    pass


class Add(Node):
    def forward(self, a, b):
        return a + b

    def local(self):
        return (1.0, 1.0)


class Mul(Node):
    def forward(self, a, b):
        return a * b

    def local(self):
        a, b = self.inputs
        return (b.data, a.data)


class Pow(Node):
    def forward(self, a):
        return a ** self.power

    def local(self):
        (a,) = self.inputs
        return (self.power * a.data ** (self.power - 1),)


class Relu(Node):
    def forward(self, a):
        return a if a > 0 else 0.0

    def local(self):
        return (1.0 if self.inputs[0].data > 0 else 0.0,)


class Tanh(Node):
    def forward(self, a):
        return math.tanh(a)

    def local(self):
        return (1 - self.data * self.data,)


class Exp(Node):
    def forward(self, a):
        return math.exp(a)

    def local(self):
        return (self.data,)


class Log(Node):
    def forward(self, a):
        return math.log(a)

    def local(self):
        return (1 / self.inputs[0].data,)


def _ordered(root):
    seen = set()

    def visit(start):
        stack = [(start, False)]
        while stack:
            node, done = stack.pop()
            if done:
                yield node
            elif id(node) not in seen:
                seen.add(id(node))
                stack.append((node, True))
                stack.extend((i, False) for i in node.inputs)
    yield from visit(root)


class Value(Leaf):
    def __init__(self, data):
        super().__init__()
        self.data = float(data)

    def __repr__(self):
        return "Value(%.4f, grad=%.4f)" % (self.data, self.grad)


def _wrap(x):
    return x if isinstance(x, Node) else Value(x)


def _install():
    Node.__add__ = lambda s, o: Add(s, _wrap(o))
    Node.__radd__ = lambda s, o: Add(_wrap(o), s)
    Node.__mul__ = lambda s, o: Mul(s, _wrap(o))
    Node.__rmul__ = lambda s, o: Mul(_wrap(o), s)
    Node.__pow__ = lambda s, k: Pow(s, power=k)
    Node.__neg__ = lambda s: Mul(s, Value(-1.0))
    Node.__sub__ = lambda s, o: s + (-_wrap(o))
    Node.__rsub__ = lambda s, o: _wrap(o) + (-s)
    Node.__truediv__ = lambda s, o: s * _wrap(o) ** -1
    Node.__rtruediv__ = lambda s, o: _wrap(o) * s ** -1
    Node.relu = lambda s: Relu(s)
    Node.tanh = lambda s: Tanh(s)
    Node.exp = lambda s: Exp(s)
    Node.log = lambda s: Log(s)

    def backward(self):
        order = list(_ordered(self))
        self.grad = 1.0
        for node in reversed(order):
            for i, d in zip(node.inputs, node.local()):
                i.grad += d * node.grad
    Node.backward = backward


_install()
