# Nikolai Ivanov -- HW4, engine written from scratch.
# The backward pass is Kahn's algorithm: count how many consumers each node
# has, and a node is processed only when all its consumers have given it
# their share of the gradient.
import math
from collections import deque


class Value:
    def __init__(self, data, parents=(), grad_fns=()):
        self.data = data
        self.grad = 0.0
        self.parents = list(parents)
        self.grad_fns = list(grad_fns)  # grad_fns[i](g) = contribution to parents[i]

    def __add__(self, o):
        o = o if isinstance(o, Value) else Value(o)
        return Value(self.data + o.data, [self, o], [lambda g: g, lambda g: g])

    def __mul__(self, o):
        o = o if isinstance(o, Value) else Value(o)
        a, b = self.data, o.data
        return Value(a * b, [self, o], [lambda g: g * b, lambda g: g * a])

    def __pow__(self, n):
        x = self.data
        return Value(x ** n, [self], [lambda g: g * n * x ** (n - 1)])

    def exp(self):
        y = math.exp(self.data)
        return Value(y, [self], [lambda g: g * y])

    def log(self):
        x = self.data
        return Value(math.log(x), [self], [lambda g: g / x])

    def tanh(self):
        y = math.tanh(self.data)
        return Value(y, [self], [lambda g: g * (1 - y * y)])

    def relu(self):
        on = self.data > 0
        return Value(self.data if on else 0.0, [self], [lambda g: g if on else 0.0])

    __radd__ = __add__
    __rmul__ = __mul__

    def __neg__(self):
        return self * -1

    def __sub__(self, o):
        return self + (-o)

    def __rsub__(self, o):
        return -self + o

    def __truediv__(self, o):
        return self * (o if isinstance(o, Value) else Value(o)) ** -1

    def __rtruediv__(self, o):
        return self ** -1 * o

    def backward(self):
        consumers = {}
        seen = {id(self)}
        q = deque([self])
        while q:
            v = q.popleft()
            for p in v.parents:
                consumers[id(p)] = consumers.get(id(p), 0) + 1
                if id(p) not in seen:
                    seen.add(id(p))
                    q.append(p)
        self.grad = 1.0
        ready = deque([self])
        while ready:
            v = ready.popleft()
            for p, fn in zip(v.parents, v.grad_fns):
                p.grad += fn(v.grad)
                consumers[id(p)] -= 1
                if consumers[id(p)] == 0:
                    ready.append(p)

    def __repr__(self):
        return "Value(%g, grad=%g)" % (self.data, self.grad)
