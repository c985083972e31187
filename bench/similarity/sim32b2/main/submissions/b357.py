import math


class Value:
    """A scalar value plus its gradient and the op that produced it."""

    def __init__(self, data, _children=(), _op=""):
        self.data = data
        self.grad = 0
        self._backward = lambda: None
        self._prev = tuple(dict.fromkeys(_children))
        self._op = _op

    def backward(self):
        """Fill .grad of every node self depends on (d self / d node)."""
        pos = {}
        order = []
        todo = [(self, False)]
        while len(todo):
            v, closing = todo.pop()
            if closing:
                if v not in pos:
                    pos[v] = len(order)
                    order.append(v)
            elif v not in pos:
                todo.append((v, True))
                todo.extend([(c, False) for c in v._prev if c not in pos])
        self.grad = 1
        i = len(order) - 1
        while i >= 0:
            order[i]._backward()
            i -= 1

    def relu(self):
        out = Value(0 if self.data < 0 else self.data, (self,), "ReLU")

        def _backward():
            self.grad = self.grad + (out.data > 0) * out.grad

        out._backward = _backward
        return out

    def __add__(self, other):
        if not isinstance(other, Value):
            other = Value(other)
        out = Value(self.data + other.data, (self, other), "+")

        def _backward():
            self.grad = self.grad + out.grad
            other.grad = other.grad + out.grad

        out._backward = _backward
        return out

    def __radd__(self, other):
        return self + other

    def __mul__(self, other):
        if not isinstance(other, Value):
            other = Value(other)
        out = Value(self.data * other.data, (self, other), "*")

        def _backward():
            self.grad = self.grad + other.data * out.grad
            other.grad = other.grad + self.data * out.grad

        out._backward = _backward
        return out

    def __rmul__(self, other):
        return self * other

    def __repr__(self):
        return "Value(data=%s, grad=%s)" % (self.data, self.grad)
