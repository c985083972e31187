# engine.py -- Femi O.
# scalar autograd, written after watching the lecture twice
import math


class Value:
    def __init__(self, data, _children=(), _op=""):
        self.data = float(data)
        self.grad = 0.0
        self._backward = lambda: None
        self._prev = set(_children)
        self._op = _op

    def __repr__(self):
        return "Value(%.4f, grad=%.4f)" % (self.data, self.grad)

    @staticmethod
    def _lift(x):
        return x if isinstance(x, Value) else Value(x)

    def __add__(self, other):
        other = Value._lift(other)
        out = Value(self.data + other.data, (self, other), "+")

        def _backward():
            self.grad += out.grad
            other.grad += out.grad
        out._backward = _backward
        return out

    def __mul__(self, other):
        other = Value._lift(other)
        out = Value(self.data * other.data, (self, other), "*")

        def _backward():
            self.grad += other.data * out.grad
            other.grad += self.data * out.grad
        out._backward = _backward
        return out

    def __pow__(self, n):
        if not isinstance(n, (int, float)):
            raise TypeError("power must be a number")
        out = Value(self.data ** n, (self,), "pow")

        def _backward():
            if n == 0:
                return
            self.grad += n * self.data ** (n - 1) * out.grad
        out._backward = _backward
        return out

    def exp(self):
        x = min(self.data, 709.0)  # math.exp overflows past ~709.78
        out = Value(math.exp(x), (self,), "exp")

        def _backward():
            self.grad += out.data * out.grad
        out._backward = _backward
        return out

    def log(self):
        if self.data <= 0:
            raise ValueError("log is only defined for positive numbers")
        out = Value(math.log(self.data), (self,), "log")

        def _backward():
            self.grad += out.grad / self.data
        out._backward = _backward
        return out

    def tanh(self):
        e = math.exp(-2.0 * abs(self.data))
        t = math.copysign((1.0 - e) / (1.0 + e), self.data)
        out = Value(t, (self,), "tanh")

        def _backward():
            self.grad += (1.0 - t) * (1.0 + t) * out.grad
        out._backward = _backward
        return out

    def relu(self):
        out = Value(self.data if self.data > 0 else 0.0, (self,), "relu")

        def _backward():
            if self.data > 0:
                self.grad += out.grad
        out._backward = _backward
        return out

    def __neg__(self):
        return self * -1.0

    def __sub__(self, other):
        return self + (-Value._lift(other))

    def __rsub__(self, other):
        return Value._lift(other) - self

    def __truediv__(self, other):
        return self * Value._lift(other) ** -1

    def __rtruediv__(self, other):
        return Value._lift(other) / self

    def __radd__(self, other):
        return self + other

    def __rmul__(self, other):
        return self * other

    def backward(self):
        order = []
        done = set()

        def visit(node):
            if node not in done:
                done.add(node)
                for child in node._prev:
                    visit(child)
                order.append(node)
        visit(self)
        for node in order:
            node.grad = 0.0
        self.grad = 1.0
        for node in order[::-1]:
            node._backward()
