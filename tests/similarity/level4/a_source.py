"""Exercise 5, Lena K.: my engine. Every Value keeps a closure that pushes its gradient to its parents."""

import math


class Value:
    def __init__(self, data, parents=(), op=""):
        self.data = float(data)
        self.grad = 0.0
        self._parents = parents
        self._op = op
        self._push = lambda: None

    def __add__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        out = Value(self.data + other.data, (self, other), "+")

        def push():
            self.grad += out.grad
            other.grad += out.grad
        out._push = push
        return out

    def __mul__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        out = Value(self.data * other.data, (self, other), "*")

        def push():
            self.grad += other.data * out.grad
            other.grad += self.data * out.grad
        out._push = push
        return out

    def __pow__(self, k):
        if not isinstance(k, (int, float)):
            raise TypeError(f"exponent must be an int or float, got {type(k).__name__}")
        out = Value(self.data ** k, (self,), f"**{k}")

        def push():
            self.grad += k * self.data ** (k - 1) * out.grad
        out._push = push
        return out

    def tanh(self):
        x = self.data
        # past 20 the formula overflows long before tanh stops being 1.0 to the last bit
        t = 1.0 if x > 20 else -1.0 if x < -20 else (math.exp(2 * x) - 1) / (math.exp(2 * x) + 1)
        out = Value(t, (self,), "tanh")

        def push():
            self.grad += (1 - t * t) * out.grad
        out._push = push
        return out

    def exp(self):
        e = math.exp(self.data)
        out = Value(e, (self,), "exp")

        def push():
            self.grad += e * out.grad
        out._push = push
        return out

    def log(self):
        if self.data <= 0:
            raise ValueError(f"log needs a positive input, got {self.data}")
        out = Value(math.log(self.data), (self,), "log")

        def push():
            self.grad += out.grad / self.data
        out._push = push
        return out

    def relu(self):
        out = Value(self.data if self.data > 0 else 0.0, (self,), "relu")

        def push():
            self.grad += (self.data > 0) * out.grad
        out._push = push
        return out

    def __neg__(self):
        return self * -1

    def __sub__(self, other):
        return self + (-other)

    def __truediv__(self, other):
        return self * other ** -1

    def __radd__(self, other):
        return self + other

    def __rmul__(self, other):
        return self * other

    def __rsub__(self, other):
        return other + (-self)

    def __rtruediv__(self, other):
        return other * self ** -1

    def backward(self):
        order, seen = [], set()

        def visit(v):
            if v not in seen:
                seen.add(v)
                for p in v._parents:
                    visit(p)
                order.append(v)
        visit(self)
        self.grad = 1.0
        for v in reversed(order):
            v._push()

    def __repr__(self):
        return f"Value(data={self.data:.6g}, grad={self.grad:.6g}, op={self._op!r})"
