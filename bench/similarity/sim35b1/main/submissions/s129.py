"""My engine, from scratch (I did not like the starter's layout). -- Bea Schmidt

Kahn's algorithm for the order: a node passes its gradient on only when every
node that uses it has passed its own.
"""
import math


class Value:
    def __init__(self, data, _children=(), _op=""):
        self.data = data
        self.grad = 0
        self._backward = lambda: None
        self._prev = tuple(_children)
        self._op = _op

    def __repr__(self):
        return "Value(data=%s, grad=%s)" % (self.data, self.grad)

    # binary

    def __add__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        out = Value(self.data + other.data, (self, other), "+")

        def _backward():
            self.grad = self.grad + out.grad
            other.grad = other.grad + out.grad

        out._backward = _backward
        return out

    def __mul__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        out = Value(self.data * other.data, (self, other), "*")

        def _backward():
            self.grad = self.grad + other.data * out.grad
            other.grad = other.grad + self.data * out.grad

        out._backward = _backward
        return out

    def __pow__(self, k):
        out = Value(self.data ** k, (self,), "**%s" % k)

        def _backward():
            self.grad = self.grad + k * self.data ** (k - 1) * out.grad

        out._backward = _backward
        return out

    __radd__ = __add__
    __rmul__ = __mul__

    def __neg__(self):
        return self * -1

    def __sub__(self, other):
        return self + (-other)

    def __rsub__(self, other):
        return (-self) + other

    def __truediv__(self, other):
        return self * other ** -1

    def __rtruediv__(self, other):
        return self ** -1 * other

    # unary

    def relu(self):
        out = Value(self.data if self.data > 0 else 0, (self,), "relu")

        def _backward():
            self.grad = self.grad + (out.data > 0) * out.grad

        out._backward = _backward
        return out

    def relu6(self):
        """min(max(0, x), 6), from the MobileNet paper."""
        clipped = min(max(0.0, self.data), 6.0)
        out = Value(clipped, (self,), "relu6")

        def _backward():
            self.grad = self.grad + (0 < self.data < 6) * out.grad

        out._backward = _backward
        return out

    def tanh(self):
        t = math.tanh(self.data)
        out = Value(t, (self,), "tanh")

        def _backward():
            self.grad = self.grad + (1 - t * t) * out.grad

        out._backward = _backward
        return out

    def exp(self):
        out = Value(math.exp(self.data), (self,), "exp")

        def _backward():
            self.grad = self.grad + out.data * out.grad

        out._backward = _backward
        return out

    def log(self):
        out = Value(math.log(self.data), (self,), "log")

        def _backward():
            self.grad = self.grad + out.grad / self.data

        out._backward = _backward
        return out

    # the graph

    def backward(self):
        users = {self: 0}
        pending = [self]
        while pending:
            node = pending.pop()
            for child in node._prev:
                if child not in users:
                    users[child] = 0
                    pending.append(child)
                users[child] += 1
        self.grad = 1
        free = [self]
        while free:
            node = free.pop()
            node._backward()
            for child in node._prev:
                users[child] -= 1
                if users[child] == 0:
                    free.append(child)
