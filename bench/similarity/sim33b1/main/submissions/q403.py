import math


class Value:
    def __init__(self, data, prev=(), op=""):
        self.data = data
        self.grad = 0
        self._prev = prev
        self._op = op
        self._backward = lambda: None

    @staticmethod
    def _lift(other):
        if isinstance(other, Value):
            return other
        return Value(other)

    def _make(self, data, prev, op, rules):
        """A new node; rules[i](out) is d out / d prev[i] (a number)."""
        out = Value(data, prev, op)

        def _backward():
            for i in range(len(prev)):
                prev[i].grad += rules[i](out) * out.grad

        out._backward = _backward
        return out

    def __add__(self, other):
        other = Value._lift(other)
        return self._make(self.data + other.data, (self, other), "+",
                          [lambda o: 1, lambda o: 1])

    def __mul__(self, other):
        other = Value._lift(other)
        return self._make(self.data * other.data, (self, other), "*",
                          [lambda o: other.data, lambda o: self.data])

    def __pow__(self, k):
        assert isinstance(k, (int, float))
        return self._make(self.data ** k, (self,), "**", [lambda o: k * self.data ** (k - 1)])

    def exp(self):
        return self._make(math.exp(self.data), (self,), "exp", [lambda o: o.data])

    def log(self):
        return self._make(math.log(self.data), (self,), "log", [lambda o: 1 / self.data])

    def tanh(self):
        return self._make(math.tanh(self.data), (self,), "tanh", [lambda o: 1 - o.data ** 2])

    def relu(self):
        return self._make(max(self.data, 0), (self,), "relu", [lambda o: 1 if o.data > 0 else 0])

    def __neg__(self):
        return self * -1

    def __sub__(self, other):
        return self + -Value._lift(other)

    def __rsub__(self, other):
        return Value._lift(other) + -self

    def __truediv__(self, other):
        return self * Value._lift(other) ** -1

    def __rtruediv__(self, other):
        return Value._lift(other) * self ** -1

    def __radd__(self, other):
        return self + other

    def __rmul__(self, other):
        return self * other

    def backward(self):
        order = []
        visited = set()
        stack = [self]
        # post-order without recursion: push, and emit a node when all its inputs are out
        while stack:
            node = stack[-1]
            if node in visited:
                stack.pop()
                continue
            pending = []
            for child in node._prev:
                if child not in visited:
                    pending.append(child)
            if pending:
                stack.extend(pending)
            else:
                visited.add(node)
                order.append(node)
                stack.pop()
        self.grad = 1
        for node in reversed(order):
            node._backward()

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"
