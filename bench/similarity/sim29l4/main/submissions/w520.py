import math


class Value:
    _made = 0  # how many nodes exist: a node's number is larger than its inputs'

    def __init__(self, data, parents=(), op=""):
        Value._made += 1
        self.order = Value._made
        self.data = data
        self.grad = 0
        self._prev = parents
        self._op = op
        self._backward = lambda: None

    def __add__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        out = Value(self.data + other.data, (self, other), "+")

        def back():
            self.grad += out.grad
            other.grad += out.grad
        out._backward = back
        return out

    def __mul__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        out = Value(self.data * other.data, (self, other), "*")

        def back():
            self.grad += other.data * out.grad
            other.grad += self.data * out.grad
        out._backward = back
        return out

    def __pow__(self, n):
        out = Value(self.data ** n, (self,), "**")

        def back():
            self.grad += n * self.data ** (n - 1) * out.grad
        out._backward = back
        return out

    def relu(self):
        out = Value(max(0, self.data), (self,), "relu")

        def back():
            self.grad += out.grad * (self.data > 0)
        out._backward = back
        return out

    def tanh(self):
        out = Value(math.tanh(self.data), (self,), "tanh")

        def back():
            self.grad += (1 - out.data ** 2) * out.grad
        out._backward = back
        return out

    def exp(self):
        out = Value(math.exp(self.data), (self,), "exp")

        def back():
            self.grad += out.data * out.grad
        out._backward = back
        return out

    def log(self):
        out = Value(math.log(self.data), (self,), "log")

        def back():
            self.grad += out.grad / self.data
        out._backward = back
        return out

    def backward(self):
        # every node made after its inputs, so sorting by number, largest first, is a reverse topological order
        nodes, todo = set(), [self]
        while todo:
            v = todo.pop()
            if v not in nodes:
                nodes.add(v)
                todo += list(v._prev)
        self.grad = 1
        for v in sorted(nodes, key=lambda v: -v.order):
            v._backward()

    def __neg__(self):
        return self * -1

    def __radd__(self, other):
        return self + other

    def __sub__(self, other):
        return self + (-other)

    def __rsub__(self, other):
        return other + (-self)

    def __rmul__(self, other):
        return self * other

    def __truediv__(self, other):
        return self * other ** -1

    def __rtruediv__(self, other):
        return other * self ** -1

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"
