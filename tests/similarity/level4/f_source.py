"""Problem set 2, Jonas W. A node only remembers which operation made it; its derivative is worked out in backward()."""

import math


class Value:
    def __init__(self, data, args=(), op="leaf", k=None):
        self.data = data
        self.grad = 0.0
        self.args = args
        self.op = op
        self.k = k  # the exponent, for "pow" nodes only

    def __add__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        return Value(self.data + other.data, (self, other), "add")

    def __mul__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        return Value(self.data * other.data, (self, other), "mul")

    def __pow__(self, k):
        return Value(self.data ** k, (self,), "pow", k)

    def tanh(self):
        return Value(math.tanh(self.data), (self,), "tanh")

    def exp(self):
        return Value(math.exp(self.data), (self,), "exp")

    def log(self):
        return Value(math.log(self.data), (self,), "log")

    def relu(self):
        return Value(max(0.0, self.data), (self,), "relu")

    def __neg__(self):
        return self * -1

    def __sub__(self, other):
        return self + (-other)

    def __rsub__(self, other):
        return other + (-self)

    def __truediv__(self, other):
        return self * other ** -1

    def __rtruediv__(self, other):
        return other * self ** -1

    def __radd__(self, other):
        return self + other

    def __rmul__(self, other):
        return self * other

    def _send_back(self):
        """Add this node's gradient, times each local derivative, into its arguments."""
        g = self.grad
        if self.op == "add":
            a, b = self.args
            a.grad += g
            b.grad += g
        elif self.op == "mul":
            a, b = self.args
            a.grad += b.data * g
            b.grad += a.data * g
        elif self.op == "pow":
            (a,) = self.args
            a.grad += self.k * a.data ** (self.k - 1) * g
        elif self.op == "tanh":
            self.args[0].grad += (1 - self.data ** 2) * g
        elif self.op == "exp":
            self.args[0].grad += self.data * g
        elif self.op == "log":
            self.args[0].grad += g / self.args[0].data
        elif self.op == "relu":
            self.args[0].grad += g if self.data > 0 else 0.0
        elif self.op != "leaf":
            raise RuntimeError(f"no derivative rule for {self.op!r}")

    def backward(self):
        order, marked = [], set()
        stack = [self]
        while stack:
            v = stack[-1]
            todo = [a for a in dict.fromkeys(v.args) if a not in marked]
            if todo:
                stack.extend(todo)
                marked.update(todo)
            else:
                stack.pop()
                order.append(v)
        self.grad = 1.0
        for v in reversed(order):
            v._send_back()

    def __repr__(self):
        return f"Value({self.data}, grad={self.grad}, op={self.op})"
