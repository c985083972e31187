# Engine in the "edge list" style from the second article on the reading list:
# every node keeps (parent, d self / d parent) pairs computed in the forward pass,
# and backward() walks them. No closures.
# -- Yusuf Demir
import math


class Value:
    def __init__(self, data, parents=(), op=""):
        self.data = data
        self.grad = 0.0
        self.parents = list(parents)  # [(Value, local derivative), ...]
        self.op = op

    @property
    def _prev(self):
        return tuple(p for p, _ in self.parents)

    def __repr__(self):
        return "Value(%r, grad=%r)" % (self.data, self.grad)

    @staticmethod
    def _wrap(x):
        if isinstance(x, Value):
            return x
        return Value(x)

    def __add__(self, other):
        other = Value._wrap(other)
        return Value(self.data + other.data, [(self, 1.0), (other, 1.0)], "+")

    def __radd__(self, other):
        return self + other

    def __mul__(self, other):
        other = Value._wrap(other)
        return Value(self.data * other.data, [(self, other.data), (other, self.data)], "*")

    def __rmul__(self, other):
        return self * other

    def __pow__(self, n):
        return Value(self.data ** n, [(self, n * self.data ** (n - 1))], "pow")

    def __neg__(self):
        return Value(-self.data, [(self, -1.0)], "neg")

    def __sub__(self, other):
        other = Value._wrap(other)
        return Value(self.data - other.data, [(self, 1.0), (other, -1.0)], "-")

    def __rsub__(self, other):
        return Value._wrap(other) - self

    def __truediv__(self, other):
        other = Value._wrap(other)
        return Value(self.data / other.data,
                     [(self, 1.0 / other.data), (other, -self.data / other.data ** 2)], "/")

    def __rtruediv__(self, other):
        return Value._wrap(other) / self

    def relu(self):
        if self.data > 0:
            return Value(self.data, [(self, 1.0)], "relu")
        return Value(0.0, [(self, 0.0)], "relu")

    def tanh(self):
        t = math.tanh(self.data)
        return Value(t, [(self, 1.0 - t * t)], "tanh")

    def exp(self):
        e = math.exp(self.data)
        return Value(e, [(self, e)], "exp")

    def log(self):
        return Value(math.log(self.data), [(self, 1.0 / self.data)], "log")

    def backward(self):
        # reverse topological order by an explicit stack; gradients of the graph
        # are cleared first, as in the article
        order, seen, stack = [], set(), [(self, False)]
        while stack:
            node, expanded = stack.pop()
            if expanded:
                order.append(node)
                continue
            if id(node) in seen:
                continue
            seen.add(id(node))
            stack.append((node, True))
            for parent, _ in node.parents:
                stack.append((parent, False))
        for node in order:
            node.grad = 0.0
        self.grad = 1.0
        for node in reversed(order):
            for parent, local in node.parents:
                parent.grad += local * node.grad
