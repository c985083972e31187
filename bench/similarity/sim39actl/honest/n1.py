"""Autograd for the workshop. Node names follow the slide on computational graphs
(u+v, u*v, tanh(u)); tanh is cut off past |u| > 30 as the slide does, where it is +-1."""
import math

CUTOFF = 30.0


def as_value(x):
    return x if isinstance(x, Value) else Value(x)


class Value:
    def __init__(self, data, kids=(), name=""):
        self.data = data
        self.grad = 0.0
        self.kids = kids
        self.name = name
        self._back = None

    def __repr__(self):
        return f"{self.name or 'input'}: {self.data} (grad {self.grad})"

    def __add__(self, other):
        other = as_value(other)
        res = Value(self.data + other.data, (self, other), "u+v")

        def back():
            self.grad += res.grad
            other.grad += res.grad
        res._back = back
        return res

    def __mul__(self, other):
        other = as_value(other)
        res = Value(self.data * other.data, (self, other), "u*v")

        def back():
            self.grad += other.data * res.grad
            other.grad += self.data * res.grad
        res._back = back
        return res

    def __pow__(self, p):
        res = Value(self.data ** p, (self,), f"u^{p}")

        def back():
            self.grad += p * self.data ** (p - 1) * res.grad
        res._back = back
        return res

    def relu(self):
        res = Value(max(self.data, 0.0), (self,), "relu(u)")

        def back():
            self.grad += res.grad if self.data > 0 else 0.0
        res._back = back
        return res

    def tanh(self):
        u = self.data
        if u > CUTOFF:
            t = 1.0
        elif u < -CUTOFF:
            t = -1.0
        else:
            t = math.tanh(u)
        res = Value(t, (self,), "tanh(u)")

        def back():
            self.grad += (1 - t ** 2) * res.grad
        res._back = back
        return res

    def exp(self):
        res = Value(math.exp(self.data), (self,), "exp(u)")

        def back():
            self.grad += res.data * res.grad
        res._back = back
        return res

    def log(self):
        res = Value(math.log(self.data), (self,), "ln(u)")

        def back():
            self.grad += res.grad / self.data
        res._back = back
        return res

    def __neg__(self):
        return self * -1

    def __sub__(self, other):
        return self + -as_value(other)

    def __rsub__(self, other):
        return as_value(other) + -self

    def __truediv__(self, other):
        return self * as_value(other) ** -1

    def __rtruediv__(self, other):
        return as_value(other) * self ** -1

    def __radd__(self, other):
        return self + other

    def __rmul__(self, other):
        return self * other

    def backward(self):
        # colour every node: 0 not seen, 1 open, 2 finished; finished nodes go on the order
        colour, order, todo = {}, [], [self]
        while todo:
            node = todo[-1]
            if colour.get(node, 0) == 0:
                colour[node] = 1
                todo.extend(k for k in node.kids if colour.get(k, 0) == 0)
            else:
                todo.pop()
                if colour[node] == 1:
                    colour[node] = 2
                    order.append(node)
        self.grad = 1.0
        for node in reversed(order):
            if node._back:
                node._back()
