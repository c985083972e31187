# engine.py for PS1 -- Aditi M.
# children = the nodes this one was computed from, partials = d(this)/d(child).
# backward: count how many times each node is used, then hand gradients down
# only when a node has heard from all its users (reference counting).
import math


class Value:
    def __init__(self, data, children=(), partials=()):
        self.data = data
        self.grad = 0.0
        self.children = list(children)
        self.partials = list(partials)

    def __add__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        return Value(self.data + other.data, [self, other], [1.0, 1.0])

    def __mul__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        return Value(self.data * other.data, [self, other], [other.data, self.data])

    def __pow__(self, n):
        return Value(self.data ** n, [self], [n * self.data ** (n - 1)])

    def relu(self):
        if self.data <= 0:
            return Value(0.0, [self], [0.0])
        return Value(self.data, [self], [1.0])

    def tanh(self):
        t = math.tanh(self.data)
        return Value(t, [self], [1 - t * t])

    def exp(self):
        e = math.exp(self.data)
        return Value(e, [self], [e])

    def log(self):
        return Value(math.log(self.data), [self], [1 / self.data])

    def __neg__(self):
        return -1 * self

    def __radd__(self, other):
        return self + other

    def __sub__(self, other):
        return self + (-1) * other

    def __rsub__(self, other):
        return other + (-1) * self

    def __rmul__(self, other):
        return self * other

    def __truediv__(self, other):
        if isinstance(other, Value):
            return self * other ** -1
        return self * (1.0 / other)

    def __rtruediv__(self, other):
        return other * self ** -1

    def backward(self):
        refs = {}
        stack = [self]
        refs[self] = 0
        while stack:
            v = stack.pop()
            for c in v.children:
                if c not in refs:
                    refs[c] = 0
                    stack.append(c)
                refs[c] += 1
        self.grad = 1.0
        ready = [self]
        while ready:
            v = ready.pop()
            for c, d in zip(v.children, v.partials):
                c.grad += d * v.grad
                refs[c] -= 1
                if refs[c] == 0:
                    ready.append(c)

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"
