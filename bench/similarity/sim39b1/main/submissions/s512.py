"""Scalar reverse-mode autodiff (PS1).

A Value remembers how to get back to its parents as a list of
(parent, derivative) pairs, where the derivative is a zero-argument function
called only when the backward pass reaches the node.
"""
import math


class Value:
    __slots__ = ("data", "grad", "back", "label")

    def __init__(self, data, back=(), label=""):
        self.data = float(data)
        self.grad = 0.0
        self.back = list(back)
        self.label = label

    @classmethod
    def wrap(cls, x):
        return x if isinstance(x, cls) else cls(x)

    def relu(self):
        x = self.data
        return Value(max(x, 0.0), [(self, lambda: 1.0 if x > 0 else 0.0)], "relu")

    def tanh(self):
        y = math.tanh(self.data)
        return Value(y, [(self, lambda: 1.0 - y * y)], "tanh")

    def exp(self):
        y = math.exp(self.data)
        return Value(y, [(self, lambda: y)], "exp")

    def log(self):
        x = self.data
        return Value(math.log(x), [(self, lambda: 1.0 / x)], "log")

    def __add__(self, other):
        other = Value.wrap(other)
        return Value(self.data + other.data, [(self, lambda: 1.0), (other, lambda: 1.0)], "+")

    def __mul__(self, other):
        other = Value.wrap(other)
        return Value(self.data * other.data, [(self, lambda: other.data), (other, lambda: self.data)], "*")

    def __pow__(self, k):
        x = self.data
        return Value(x ** k, [(self, lambda: k * x ** (k - 1))], "pow")

    __radd__ = __add__
    __rmul__ = __mul__

    def __neg__(self):
        return self * -1

    def __sub__(self, other):
        return self + Value.wrap(other) * -1

    def __rsub__(self, other):
        return Value.wrap(other) + self * -1

    def __truediv__(self, other):
        return self * Value.wrap(other) ** -1

    def __rtruediv__(self, other):
        return Value.wrap(other) * self ** -1

    def _reverse_topological(self):
        """Yields every node under this one, each after all the nodes that use it."""
        done = {id(self)}
        frames = [(self, iter(self.back))]
        finished = []
        while frames:
            node, pending = frames[-1]
            for parent, _ in pending:
                if id(parent) not in done:
                    done.add(id(parent))
                    frames.append((parent, iter(parent.back)))
                    break
            else:
                frames.pop()
                finished.append(node)
        while finished:
            yield finished.pop()

    def backward(self):
        walk = self._reverse_topological()
        top = next(walk)
        top.grad = 1.0
        for node in (top, *walk):
            for parent, derivative in node.back:
                parent.grad += derivative() * node.grad

    def __repr__(self):
        return f"Value({self.data}, grad={self.grad})"
