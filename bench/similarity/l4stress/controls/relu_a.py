# Value class for the autograd homework (Mateo)
import math


class Value:
    def __init__(self, data, children=(), op=""):
        self.data = data
        self.grad = 0.0
        self.children = list(children)
        self.op = op
        self.back = lambda: None

    def __repr__(self):
        return f"Value({self.data:.4f}, grad {self.grad:.4f})"

    def __add__(self, other):
        if not isinstance(other, Value):
            other = Value(other)
        out = Value(self.data + other.data, (self, other), "+")

        def back():
            self.grad += out.grad
            other.grad += out.grad
        out.back = back
        return out

    def __mul__(self, other):
        if not isinstance(other, Value):
            other = Value(other)
        out = Value(self.data * other.data, (self, other), "*")

        def back():
            self.grad += other.data * out.grad
            other.grad += self.data * out.grad
        out.back = back
        return out

    def __radd__(self, other):
        return self + other

    def __rmul__(self, other):
        return self * other

    def __neg__(self):
        return self * -1

    def __sub__(self, other):
        return self + (-other)

    def __pow__(self, k):
        out = Value(self.data ** k, (self,), "**")

        def back():
            self.grad += k * self.data ** (k - 1) * out.grad
        out.back = back
        return out

    def __truediv__(self, other):
        return self * other ** -1

    def relu(self):
        out = Value(max(0, self.data), (self,), "relu")

        def back():
            self.grad += (self.data > 0) * out.grad
        out.back = back
        return out

    def tanh(self):
        t = math.tanh(self.data)
        out = Value(t, (self,), "tanh")

        def back():
            self.grad += (1 - t ** 2) * out.grad
        out.back = back
        return out

    def exp(self):
        out = Value(math.exp(self.data), (self,), "exp")

        def back():
            self.grad += out.data * out.grad
        out.back = back
        return out

    def backward(self):
        nodes = []
        done = set()

        def collect(n):
            if n not in done:
                done.add(n)
                for c in n.children:
                    collect(c)
                nodes.append(n)
        collect(self)
        self.grad = 1.0
        for n in reversed(nodes):
            n.back()
