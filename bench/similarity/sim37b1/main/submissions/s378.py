"""engine.py -- Sara B., workshop 3 (written from scratch, tested against the sheet's examples)."""
import math


def _num(x):
    return x if isinstance(x, Value) else Value(x)


class Value:
    def __init__(self, data, kids=(), how=""):
        self.data = float(data)
        self.grad = 0.0
        self.kids = kids
        self.how = how
        self.push = None

    def __repr__(self):
        return "Value(%.5f | grad %.5f | %s)" % (self.data, self.grad, self.how or "leaf")

    def __add__(self, other):
        b = _num(other)
        out = Value(self.data + b.data, (self, b), "add")

        def push():
            self.grad += out.grad
            b.grad += out.grad

        out.push = push
        return out

    def __mul__(self, other):
        b = _num(other)
        out = Value(self.data * b.data, (self, b), "mul")

        def push():
            self.grad += b.data * out.grad
            b.grad += self.data * out.grad

        out.push = push
        return out

    def __pow__(self, n):
        if isinstance(n, Value):
            raise TypeError("Value ** Value is not part of the workshop")
        out = Value(self.data ** n, (self,), "pow")

        def push():
            self.grad += n * self.data ** (n - 1) * out.grad

        out.push = push
        return out

    def relu(self):
        out = Value(self.data if self.data > 0 else 0, (self,), "relu")

        def push():
            if out.data > 0:
                self.grad += out.grad

        out.push = push
        return out

    def tanh(self):
        out = Value(math.tanh(self.data), (self,), "tanh")

        def push():
            self.grad += (1 - out.data * out.data) * out.grad

        out.push = push
        return out

    def exp(self):
        out = Value(math.exp(self.data), (self,), "exp")

        def push():
            self.grad += out.data * out.grad

        out.push = push
        return out

    def log(self):
        if self.data <= 0:
            raise ValueError("log needs a positive input")
        out = Value(math.log(self.data), (self,), "log")

        def push():
            self.grad += out.grad / self.data

        out.push = push
        return out

    def __neg__(self):
        return self * -1

    def __sub__(self, other):
        return self + (-_num(other))

    def __rsub__(self, other):
        return _num(other) + (-self)

    def __truediv__(self, other):
        return self * _num(other) ** -1

    def __rtruediv__(self, other):
        return _num(other) * self ** -1

    def __radd__(self, other):
        return self + other

    def __rmul__(self, other):
        return self * other

    def backward(self):
        topo, seen = [], set()
        stack = [(self, iter(self.kids))]
        seen.add(self)
        while stack:
            node, it = stack[-1]
            for kid in it:
                if kid not in seen:
                    seen.add(kid)
                    stack.append((kid, iter(kid.kids)))
                    break
            else:
                stack.pop()
                topo.append(node)
        self.grad = 1.0
        for node in reversed(topo):
            if node.push:
                node.push()
