"""Leila A. -- engine.py

Every op is a method that makes a node with the op's name; the local derivative rules are methods named
d_<op>, looked up by name while backpropagating. Order: count each node's consumers and process a node
when all of them are done.
"""
import math


class Value:
    def __init__(self, data, args=(), op='leaf', power=None):
        self.data = data
        self.grad = 0.0
        self.args = tuple(args)
        self.op = op
        self.power = power

    def __repr__(self):
        return f"<Value {self.data} grad={self.grad}>"

    # derivative rules: each adds this node's gradient into its args
    def d_leaf(self):
        pass

    def d_add(self):
        x, y = self.args
        x.grad += self.grad
        y.grad += self.grad

    def d_sub(self):
        x, y = self.args
        x.grad += self.grad
        y.grad -= self.grad

    def d_mul(self):
        x, y = self.args
        x.grad += y.data * self.grad
        y.grad += x.data * self.grad

    def d_pow(self):
        x, = self.args
        x.grad += self.power * x.data ** (self.power - 1) * self.grad

    def d_exp(self):
        x, = self.args
        x.grad += math.exp(x.data) * self.grad

    def d_log(self):
        x, = self.args
        x.grad += self.grad / x.data

    def d_tanh(self):
        x, = self.args
        x.grad += (1.0 - math.tanh(x.data) ** 2) * self.grad

    def d_relu(self):
        x, = self.args
        if x.data > 0:
            x.grad += self.grad

    # ops
    @staticmethod
    def wrap(v):
        return v if isinstance(v, Value) else Value(v)

    def __add__(self, other):
        other = Value.wrap(other)
        return Value(self.data + other.data, (self, other), 'add')

    def __sub__(self, other):
        other = Value.wrap(other)
        return Value(self.data - other.data, (self, other), 'sub')

    def __mul__(self, other):
        other = Value.wrap(other)
        return Value(self.data * other.data, (self, other), 'mul')

    def __pow__(self, p):
        assert isinstance(p, (int, float)), "power must be int or float"
        return Value(self.data ** p, (self,), 'pow', p)

    def exp(self):
        return Value(math.exp(self.data), (self,), 'exp')

    def log(self):
        return Value(math.log(self.data), (self,), 'log')

    def tanh(self):
        return Value(math.tanh(self.data), (self,), 'tanh')

    def relu(self):
        return Value(max(0.0, self.data), (self,), 'relu')

    def __neg__(self):
        return Value(0) - self

    def __truediv__(self, other):
        return self * Value.wrap(other) ** -1

    def __rtruediv__(self, other):
        return Value.wrap(other) * self ** -1

    def __radd__(self, other):
        return Value.wrap(other) + self

    def __rsub__(self, other):
        return Value.wrap(other) - self

    def __rmul__(self, other):
        return Value.wrap(other) * self

    def backward(self):
        consumers = {}
        seen = {self}
        frontier = [self]
        while frontier:
            node = frontier.pop()
            for a in node.args:
                consumers[a] = consumers.get(a, 0) + 1
                if a not in seen:
                    seen.add(a)
                    frontier.append(a)
        self.grad = 1.0
        ready = [self]
        while ready:
            node = ready.pop()
            getattr(node, 'd_' + node.op)()
            for a in node.args:
                consumers[a] -= 1
                if consumers[a] == 0:
                    ready.append(a)
