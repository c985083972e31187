"""Wei Z. -- engine.py.

backward() counts, for every node, how many of its users are still waiting, with an explicit stack;
a node passes its gradient on once all its users are done (no recursion, no sorting).
"""
import math


class Value:

    def __init__(self, data, _children=(), _op=''):
        self.data = data
        self.grad = 0
        self._backward = lambda: None
        self._prev = list(_children)
        self._op = _op

    def __add__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        out = Value(self.data + other.data, [self, other], '+')

        def _backward():
            self.grad += out.grad
            other.grad += out.grad
        out._backward = _backward
        return out

    def __mul__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        out = Value(self.data * other.data, [self, other], '*')

        def _backward():
            self.grad += other.data * out.grad
            other.grad += self.data * out.grad
        out._backward = _backward
        return out

    def __truediv__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        out = Value(self.data / other.data, [self, other], '/')

        def _backward():
            self.grad += out.grad / other.data
            other.grad += -self.data / other.data ** 2 * out.grad
        out._backward = _backward
        return out

    def __pow__(self, k):
        out = Value(self.data ** k, [self], '**')

        def _backward():
            self.grad += k * self.data ** (k - 1) * out.grad
        out._backward = _backward
        return out

    def exp(self):
        out = Value(math.exp(self.data), [self], 'exp')

        def _backward():
            self.grad += out.data * out.grad
        out._backward = _backward
        return out

    def log(self):
        out = Value(math.log(self.data), [self], 'log')

        def _backward():
            self.grad += out.grad / self.data
        out._backward = _backward
        return out

    def tanh(self):
        e = math.exp(-2 * abs(self.data))
        t = math.copysign((1 - e) / (1 + e), self.data)
        out = Value(t, [self], 'tanh')

        def _backward():
            self.grad += (1 - t * t) * out.grad
        out._backward = _backward
        return out

    def relu(self):
        out = Value(self.data if self.data > 0 else 0, [self], 'relu')

        def _backward():
            self.grad += (self.data > 0) * out.grad
        out._backward = _backward
        return out

    def __neg__(self):
        return self * -1

    def __sub__(self, other):
        return self + (-other)

    def __rsub__(self, other):
        return -self + other

    def __radd__(self, other):
        return self + other

    def __rmul__(self, other):
        return self * other

    def __rtruediv__(self, other):
        return Value(other) / self

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"

    def backward(self):
        users = {id(self): 0}
        stack = [self]
        while stack:
            v = stack.pop()
            for c in v._prev:
                if id(c) not in users:
                    users[id(c)] = 0
                    stack.append(c)
                users[id(c)] += 1
        self.grad = 1
        ready = [self]
        while ready:
            v = ready.pop()
            v._backward()
            for c in v._prev:
                users[id(c)] -= 1
                if users[id(c)] == 0:
                    ready.append(c)
