import math


class Value:
    """One number in the graph. Kwabena's engine: every op goes through _node."""

    def __init__(self, data, _children=(), _op=""):
        self.data = data
        self.grad = 0
        self._backward = lambda: None
        self._prev = tuple(dict.fromkeys(_children))
        self._op = _op

    def _node(self, data, parents, local_grads, op):
        """A new Value made from PARENTS; LOCAL_GRADS() gives d(new)/d(parent) for each, when backward runs."""
        out = Value(data, parents, op)

        def _backward():
            for parent, g in zip(parents, local_grads(out)):
                parent.grad += g * out.grad

        out._backward = _backward
        return out

    @staticmethod
    def _as_value(x):
        return x if isinstance(x, Value) else Value(x)

    def __add__(self, other):
        other = Value._as_value(other)
        return self._node(self.data + other.data, (self, other), lambda out: (1, 1), "+")

    def __mul__(self, other):
        other = Value._as_value(other)
        return self._node(self.data * other.data, (self, other), lambda out: (other.data, self.data), "*")

    def __pow__(self, k):
        assert isinstance(k, (int, float)), "k must be a constant"
        return self._node(self.data ** k, (self,), lambda out: (k * self.data ** (k - 1),), f"**{k}")

    def relu(self):
        return self._node(0 if self.data < 0 else self.data, (self,), lambda out: (float(out.data > 0),), "ReLU")

    def tanh(self):
        return self._node(math.tanh(self.data), (self,), lambda out: (1 - out.data ** 2,), "tanh")

    def exp(self):
        return self._node(math.exp(self.data), (self,), lambda out: (out.data,), "exp")

    def log(self):
        return self._node(math.log(self.data), (self,), lambda out: (1 / self.data,), "log")

    def backward(self):
        # depth first, then walk the order backwards
        order = []
        visited = set()
        todo = [self]
        while todo:
            node = todo[-1]
            if node not in visited:
                visited.add(node)
                todo.extend(p for p in node._prev if p not in visited)
            else:
                todo.pop()
                if node not in order:
                    order.append(node)
        self.grad = 1
        for node in reversed(order):
            node._backward()

    def __neg__(self):
        return self * -1

    def __radd__(self, other):
        return self + other

    def __sub__(self, other):
        return self + (-other)

    def __rsub__(self, other):
        return other + (-self)

    def __rmul__(self, other):
        return self * other

    def __truediv__(self, other):
        return self * other ** -1

    def __rtruediv__(self, other):
        return other * self ** -1

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"
