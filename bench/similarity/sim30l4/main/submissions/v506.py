# Zoe C. -- engine.py
# _make(data, parents, local) makes a node; local() gives the derivative of the node w.r.t. each parent.
import math


class Value:
    def __init__(self, data, parents=(), op=''):
        self.data = data
        self.grad = 0.0
        self.parents = tuple(parents)
        self.op = op
        self.local = lambda: ()

    def __repr__(self):
        return f"Value({self.data}, grad={self.grad}, op={self.op!r})"

    def _make(self, data, parents, op, local):
        out = Value(data, parents, op)
        out.local = local
        return out

    @staticmethod
    def _c(x):
        return x if isinstance(x, Value) else Value(x)

    def __add__(self, other):
        other = Value._c(other)
        return self._make(self.data + other.data, (self, other), '+', lambda: (1, 1))

    def __mul__(self, other):
        other = Value._c(other)
        return self._make(self.data * other.data, (self, other), '*', lambda: (other.data, self.data))

    def __pow__(self, k):
        if not isinstance(k, (int, float)):
            raise TypeError("k must be a number")
        return self._make(self.data ** k, (self,), 'pow', lambda: (k * self.data ** (k - 1),))

    def exp(self):
        y = math.exp(self.data)
        return self._make(y, (self,), 'exp', lambda: (y,))

    def log(self):
        return self._make(math.log(self.data), (self,), 'log', lambda: (1 / self.data,))

    def tanh(self):
        y = math.tanh(self.data)
        return self._make(y, (self,), 'tanh', lambda: (1 - y ** 2,))

    def relu(self):
        return self._make(max(0, self.data), (self,), 'relu', lambda: (int(self.data > 0),))

    def __neg__(self):
        return -1 * self

    def __sub__(self, other):
        return self + -Value._c(other)

    def __rsub__(self, other):
        return -self + other

    def __truediv__(self, other):
        return self * Value._c(other) ** -1

    def __rtruediv__(self, other):
        return self ** -1 * other

    def __radd__(self, other):
        return self + other

    def __rmul__(self, other):
        return self * other

    def backward(self):
        order, seen, stack = [], set(), [(self, False)]
        while stack:
            node, expanded = stack.pop()
            if expanded:
                order.append(node)
                continue
            if node in seen:
                continue
            seen.add(node)
            stack.append((node, True))
            for p in node.parents:
                stack.append((p, False))
        self.grad = 1.0
        for node in reversed(order):
            for p, d in zip(node.parents, node.local()):
                p.grad += d * node.grad
