import math
from collections import deque

class Value:

    def __init__(self, data, inputs=(), op=None):
        self.data = data
        self.grad = 0
        self.inputs = inputs
        self.op = op
        self.send_grad = lambda: None

    @staticmethod
    def of(x):
        return x if isinstance(x, Value) else Value(x)

    def __add__(self, other):
        other = Value.of(other)
        z = Value(self.data + other.data, (self, other), 'add')

        def send_grad():
            self.grad += z.grad
            other.grad += z.grad
        z.send_grad = send_grad
        return z

    def __mul__(self, other):
        other = Value.of(other)
        z = Value(self.data * other.data, (self, other), 'mul')

        def send_grad():
            self.grad += other.data * z.grad
            other.grad += self.data * z.grad
        z.send_grad = send_grad
        return z

    def __pow__(self, p):
        z = Value(self.data ** p, (self,), 'pow')

        def send_grad():
            self.grad += p * self.data ** (p - 1) * z.grad
        z.send_grad = send_grad
        return z

    def relu(self):
        z = Value(self.data if self.data > 0 else 0, (self,), 'relu')

        def send_grad():
            if z.data > 0:
                self.grad += z.grad
        z.send_grad = send_grad
        return z

    def tanh(self):
        z = Value(math.tanh(self.data), (self,), 'tanh')

        def send_grad():
            self.grad += (1 - z.data ** 2) * z.grad
        z.send_grad = send_grad
        return z

    def exp(self):
        z = Value(math.exp(self.data), (self,), 'exp')

        def send_grad():
            self.grad += z.data * z.grad
        z.send_grad = send_grad
        return z

    def log(self):
        z = Value(math.log(self.data), (self,), 'log')

        def send_grad():
            self.grad += z.grad / self.data
        z.send_grad = send_grad
        return z

    def __neg__(self):
        return self * -1

    def __radd__(self, other):
        return self + other

    def __sub__(self, other):
        return self + -other

    def __rsub__(self, other):
        return Value.of(other) - self

    def __rmul__(self, other):
        return self * other

    def __truediv__(self, other):
        return self * other ** (-1)

    def __rtruediv__(self, other):
        return Value.of(other) / self

    def backward(self):
        waiting = {}
        found = {self}
        frontier = [self]
        while frontier:
            node = frontier.pop()
            for src in node.inputs:
                waiting[src] = waiting.get(src, 0) + 1
                if src not in found:
                    found.add(src)
                    frontier.append(src)
        self.grad = 1
        ready = deque([self])
        while ready:
            node = ready.popleft()
            node.send_grad()
            for src in node.inputs:
                waiting[src] -= 1
                waiting[src] == 0 and ready.append(src)

    def __repr__(self):
        return f'Value(data={self.data}, grad={self.grad})'
