# Project 1 (autograd) -- Tomasz Wrona
import math
from dataclasses import dataclass


@dataclass(eq=False)
class Value:
    """One number of the computation graph and d(output)/d(this number)."""

    data: float
    grad: float = 0.0
    op: str = ""
    args: tuple = ()
    power: float = 0.0

    def _make(self, data, args, op, power=0.0):
        return Value(data, 0.0, op, args, power)

    @staticmethod
    def of(x):
        if isinstance(x, Value):
            return x
        if isinstance(x, (int, float)):
            return Value(x)
        raise TypeError(f"cannot mix Value with {type(x).__name__}")

    def __add__(self, other):
        other = Value.of(other)
        return self._make(self.data + other.data, (self, other), "+")

    def __mul__(self, other):
        other = Value.of(other)
        return self._make(self.data * other.data, (self, other), "*")

    def __pow__(self, p):
        return self._make(self.data ** p, (self,), "**", p)

    def relu(self):
        return self._make(self.data if self.data > 0 else 0.0, (self,), "relu")

    def tanh(self):
        e = math.exp(2 * self.data)
        return self._make((e - 1) / (e + 1), (self,), "tanh")

    def exp(self):
        return self._make(math.exp(self.data), (self,), "exp")

    def log(self):
        return self._make(math.log(self.data), (self,), "log")

    def local_grads(self):
        """d(self)/d(arg) for each of self.args, in order."""
        if self.op == "+":
            return (1.0, 1.0)
        if self.op == "*":
            a, b = self.args
            return (b.data, a.data)
        (a,) = self.args
        if self.op == "**":
            return (self.power * a.data ** (self.power - 1),)
        if self.op == "relu":
            return (1.0 if a.data > 0 else 0.0,)
        if self.op == "tanh":
            return (1.0 - self.data ** 2,)
        if self.op == "exp":
            return (self.data,)
        if self.op == "log":
            return (1.0 / a.data,)
        raise ValueError(f"unknown op {self.op!r}")

    def backward(self):
        topo, visited = [], set()

        def build(v):
            if v not in visited:
                visited.add(v)
                for a in v.args:
                    build(a)
                topo.append(v)

        build(self)
        self.grad = 1.0
        for v in reversed(topo):
            if v.args:
                for a, g in zip(v.args, v.local_grads()):
                    a.grad += g * v.grad

    def __neg__(self):
        return self * -1

    def __sub__(self, other):
        return self + Value.of(other) * -1

    def __truediv__(self, other):
        return self * Value.of(other) ** -1

    __radd__ = __add__
    __rmul__ = __mul__

    def __rsub__(self, other):
        return Value.of(other) + self * -1

    def __rtruediv__(self, other):
        return Value.of(other) * self ** -1

    def __repr__(self):
        return f"Value({self.data:.4f}, grad={self.grad:.4f})"


def zero_grad(root):
    """Set every grad in the graph under root back to zero."""
    stack, seen = [root], set()
    while stack:
        v = stack.pop()
        if v not in seen:
            seen.add(v)
            v.grad = 0.0
            stack.extend(v.args)
