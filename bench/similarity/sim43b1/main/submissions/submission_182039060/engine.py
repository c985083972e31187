"""My engine for HW4. No inner functions: a node stores what operation made
it, and one method knows how to send the gradient back for each operation."""

import math


class Value:

    def __init__(self, data, parents=(), op="", exponent=None):
        self.data = data
        self.grad = 0
        self.parents = tuple(dict.fromkeys(parents))
        self.op = op
        self.exponent = exponent
        self.args = tuple(parents)  # keep both operands, even when they are the same node

    @staticmethod
    def _val(x):
        return x if isinstance(x, Value) else Value(x)

    def __add__(self, other):
        other = Value._val(other)
        return Value(self.data + other.data, (self, other), "+")

    def __mul__(self, other):
        other = Value._val(other)
        return Value(self.data * other.data, (self, other), "*")

    def __pow__(self, n):
        assert isinstance(n, (int, float)), "only constant int/float powers are supported"
        return Value(self.data ** n, (self,), "**", exponent=n)

    def relu(self):
        return Value(0 if self.data < 0 else self.data, (self,), "ReLU")

    def tanh(self):
        return Value(math.tanh(self.data), (self,), "tanh")

    def exp(self):
        return Value(math.exp(self.data), (self,), "exp")

    def log(self):
        if self.data <= 0:
            raise ValueError(f"log of a non-positive number: {self.data}")
        return Value(math.log(self.data), (self,), "log")

    def _send_back(self):
        """Add this node's gradient, times the local slope, into its inputs."""
        g = self.grad
        if self.op == "+":
            a, b = self.args
            a.grad += g
            b.grad += g
        elif self.op == "*":
            a, b = self.args
            a.grad += b.data * g
            b.grad += a.data * g
        elif self.op == "**":
            (a,) = self.args
            slope = self.exponent * a.data ** (self.exponent - 1)
            a.grad += slope * g
        elif self.op == "ReLU":
            self.args[0].grad += (self.data > 0) * g
        elif self.op == "tanh":
            self.args[0].grad += (1 - self.data ** 2) * g
        elif self.op == "exp":
            slope = self.data
            self.args[0].grad += slope * g
        elif self.op == "log":
            slope = 1.0 / self.args[0].data
            self.args[0].grad += slope * g

    def backward(self):
        order, done = [], set()
        work = [(self, False)]
        while work:
            node, expanded = work.pop()
            if expanded:
                order.append(node)
                continue
            if node in done:
                continue
            done.add(node)
            work.append((node, True))
            work.extend((p, False) for p in node.parents if p not in done)
        self.grad = 1
        for node in order[::-1]:
            node._send_back()

    def __neg__(self):
        return self * -1

    def __radd__(self, other):
        return self + other

    def __sub__(self, other):
        return self + (-other)

    def __rsub__(self, other):
        return (-self) + other

    def __rmul__(self, other):
        return self * other

    def __truediv__(self, other):
        if isinstance(other, (int, float)) and other == 0:
            raise ZeroDivisionError("division of a Value by 0")
        return self * other ** -1

    def __rtruediv__(self, other):
        return other * self ** -1

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"
