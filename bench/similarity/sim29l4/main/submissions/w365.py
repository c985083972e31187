import math


class Value:
    def __init__(self, data, _children=(), _op=""):
        self.data = data
        self.grad = 0
        self._prev = tuple(_children)
        self._op = _op

    def _backward(self):
        """A leaf has nothing to pass back."""

    @staticmethod
    def wrap(x):
        return x if isinstance(x, Value) else Value(x)

    def __add__(self, other):
        return AddNode(self, Value.wrap(other))

    def __mul__(self, other):
        return MulNode(self, Value.wrap(other))

    def __pow__(self, k):
        return PowNode(self, k)

    def exp(self):
        return ExpNode(self)

    def log(self):
        return LogNode(self)

    def tanh(self):
        return TanhNode(self)

    def relu(self):
        return ReluNode(self)

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

    def backward(self):
        topo, visited = [], set()
        stack = [(self, False)]
        while stack:
            node, expanded = stack.pop()
            if expanded:
                topo.append(node)
            elif node not in visited:
                visited.add(node)
                stack.append((node, True))
                for child in node._prev:
                    stack.append((child, False))
        self.grad = 1
        for node in reversed(topo):
            node._backward()

    def __repr__(self):
        return f"{type(self).__name__}(data={self.data}, grad={self.grad})"


class AddNode(Value):
    def __init__(self, a, b):
        super().__init__(a.data + b.data, (a, b), "+")
        self.a, self.b = a, b

    def _backward(self):
        self.a.grad += self.grad
        self.b.grad += self.grad


class MulNode(Value):
    def __init__(self, a, b):
        super().__init__(a.data * b.data, (a, b), "*")
        self.a, self.b = a, b

    def _backward(self):
        self.a.grad += self.b.data * self.grad
        self.b.grad += self.a.data * self.grad


class PowNode(Value):
    def __init__(self, a, k):
        super().__init__(a.data ** k, (a,), f"**{k}")
        self.a, self.k = a, k

    def _backward(self):
        self.a.grad += self.k * self.a.data ** (self.k - 1) * self.grad


class ExpNode(Value):
    def __init__(self, a):
        super().__init__(math.exp(a.data), (a,), "exp")
        self.a = a

    def _backward(self):
        self.a.grad += self.data * self.grad


class LogNode(Value):
    def __init__(self, a):
        super().__init__(math.log(a.data), (a,), "log")
        self.a = a

    def _backward(self):
        self.a.grad += self.grad / self.a.data


class TanhNode(Value):
    def __init__(self, a):
        super().__init__(math.tanh(a.data), (a,), "tanh")
        self.a = a

    def _backward(self):
        self.a.grad += (1 - self.data ** 2) * self.grad


class ReluNode(Value):
    def __init__(self, a):
        super().__init__(max(0, a.data), (a,), "ReLU")
        self.a = a

    def _backward(self):
        self.a.grad += (self.a.data > 0) * self.grad
