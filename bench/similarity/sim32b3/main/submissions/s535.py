import math


class Value:
    """A leaf: a number and the gradient that reaches it."""

    def __init__(self, data):
        self.data = data
        self.grad = 0.0

    inputs = ()

    def local_grads(self):
        return ()

    def __add__(self, other):
        return Add(self, other if isinstance(other, Value) else Value(other))

    def __mul__(self, other):
        return Mul(self, other if isinstance(other, Value) else Value(other))

    def __radd__(self, other):
        return Add(Value(other), self)

    def __rmul__(self, other):
        return Mul(Value(other), self)

    def relu(self):
        return Relu(self)

    def tanh(self):
        return Tanh(self)

    def backward(self):
        order, marked = [], set()

        def visit(node):
            if node not in marked:
                marked.add(node)
                for i in node.inputs:
                    visit(i)
                order.append(node)

        visit(self)
        self.grad = 1.0
        for node in order[::-1]:
            for i, g in zip(node.inputs, node.local_grads()):
                i.grad += g * node.grad

    def __repr__(self):
        return f"{type(self).__name__}(data={self.data}, grad={self.grad})"


class Add(Value):
    def __init__(self, a, b):
        super().__init__(a.data + b.data)
        self.inputs = (a, b)

    def local_grads(self):
        return (1.0, 1.0)


class Mul(Value):
    def __init__(self, a, b):
        super().__init__(a.data * b.data)
        self.inputs = (a, b)

    def local_grads(self):
        a, b = self.inputs
        return (b.data, a.data)


class Relu(Value):
    def __init__(self, a):
        super().__init__(a.data if a.data > 0 else 0.0)
        self.inputs = (a,)

    def local_grads(self):
        return (1.0 if self.data > 0 else 0.0,)


class Tanh(Value):
    def __init__(self, a):
        super().__init__(math.tanh(a.data))
        self.inputs = (a,)

    def local_grads(self):
        return (1.0 - self.data ** 2,)
