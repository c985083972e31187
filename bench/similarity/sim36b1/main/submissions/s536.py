"""Bo Zhang, lab 2. Reverse mode with an adjoint table.

Each node stores its inputs and a function that returns the local partial
derivatives. backward() collects adjoints in a dict keyed by node id and
writes them into .grad at the end.
"""
import math


class Value:
    def __init__(self, data, inputs=(), partials=None, op=''):
        self.data = data
        self.grad = 0.0
        self.inputs = tuple(inputs)
        self.partials = partials or (lambda: ())
        self.op = op

    def __repr__(self):
        return f'Value({self.data}, grad={self.grad})'

    def _const(x):
        return x if isinstance(x, Value) else Value(x)

    def __add__(self, other):
        o = Value._const(other)
        return Value(self.data + o.data, (self, o), lambda: (1.0, 1.0), '+')

    def __mul__(self, other):
        o = Value._const(other)
        return Value(self.data * o.data, (self, o), lambda: (o.data, self.data), '*')

    def __pow__(self, p):
        return Value(self.data ** p, (self,), lambda: (p * self.data ** (p - 1),), '**')

    def relu(self):
        return Value(self.data if self.data > 0 else 0.0, (self,), lambda: (float(self.data > 0),), 'relu')

    def tanh(self):
        t = math.tanh(self.data)
        return Value(t, (self,), lambda: (1 - t ** 2,), 'tanh')

    def exp(self):
        e = math.exp(self.data)
        return Value(e, (self,), lambda: (e,), 'exp')

    def log(self):
        return Value(math.log(self.data), (self,), lambda: (1 / self.data,), 'log')

    def __neg__(self): return self * -1
    def __radd__(self, other): return self + other
    def __rmul__(self, other): return self * other
    def __sub__(self, other): return self + -Value._const(other)
    def __rsub__(self, other): return Value._const(other) + -self
    def __truediv__(self, other): return self * Value._const(other) ** -1
    def __rtruediv__(self, other): return Value._const(other) * self ** -1

    def backward(self):
        order, mark = [], set()
        stack = [(self, False)]
        while stack:
            n, post = stack.pop()
            if post:
                order.append(n)
            elif id(n) not in mark:
                mark.add(id(n))
                stack.append((n, True))
                stack.extend((i, False) for i in n.inputs)
        adj = {id(self): 1.0}
        for n in reversed(order):
            g = adj.get(id(n), 0.0)
            for i, d in zip(n.inputs, n.partials()):
                adj[id(i)] = adj.get(id(i), 0.0) + d * g
        for n in order:
            n.grad += adj.get(id(n), 0.0)
