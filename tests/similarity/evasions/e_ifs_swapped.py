import math

class Value:

    def __init__(self, data, edges=()):
        self.data = data
        self.grad = 0
        self.edges = list(edges)

    @staticmethod
    def wrap(x):
        return x if isinstance(x, Value) else Value(x)

    def __add__(self, other):
        other = Value.wrap(other)
        return Value(self.data + other.data, [(self, 1.0), (other, 1.0)])

    def __radd__(self, other):
        return self + other

    def __sub__(self, other):
        other = Value.wrap(other)
        return Value(self.data - other.data, [(self, 1.0), (other, -1.0)])

    def __rsub__(self, other):
        return Value.wrap(other) - self

    def __mul__(self, other):
        other = Value.wrap(other)
        return Value(self.data * other.data, [(self, other.data), (other, self.data)])

    def __rmul__(self, other):
        return self * other

    def __truediv__(self, other):
        other = Value.wrap(other)
        return Value(self.data / other.data, [(self, 1.0 / other.data), (other, -self.data / other.data ** 2)])

    def __rtruediv__(self, other):
        return Value.wrap(other) / self

    def __neg__(self):
        return Value(-self.data, [(self, -1.0)])

    def __pow__(self, k):
        return Value(self.data ** k, [(self, k * self.data ** (k - 1))])

    def relu(self):
        return Value(max(self.data, 0.0), [(self, 1.0 if self.data > 0 else 0.0)])

    def tanh(self):
        t = math.tanh(self.data)
        return Value(t, [(self, 1.0 - t ** 2)])

    def exp(self):
        e = math.exp(self.data)
        return Value(e, [(self, e)])

    def log(self):
        return Value(math.log(self.data), [(self, 1.0 / self.data)])

    def _reachable_in_order(self):
        """Every node self was computed from, each after all of its parents."""
        order, seen = ([], {self})
        stack = [(self, 0)]
        while stack:
            node, i = stack.pop()
            if not i < len(node.edges):
                order.append(node)
            else:
                stack.append((node, i + 1))
                parent = node.edges[i][0]
                if parent not in seen:
                    seen.add(parent)
                    stack.append((parent, 0))
        return order

    def backward(self):
        order = self._reachable_in_order()
        for node in order:
            node.grad = 0
        self.grad = 1
        for node in reversed(order):
            for parent, local in node.edges:
                parent.grad += local * node.grad

    def __repr__(self):
        return f'Value(data={self.data}, grad={self.grad})'
