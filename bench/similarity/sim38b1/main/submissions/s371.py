# Lab 2 -- Petra Novak
import math


def _as_node(x):
    return x if isinstance(x, Value) else Value(x)


class Value:
    """A scalar node. Instead of a closure per node, each node stores its local
    Jacobian: a dict {input node: d(node)/d(input)}. One generic loop in
    backward() multiplies and accumulates."""

    def __init__(self, data, jac=None, how=""):
        self.data = data
        self.grad = 0.0
        self.jac = jac or {}
        self.how = how

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad}, how={self.how!r})"

    def _emit(self, data, how, *pairs):
        # pairs: (input, slope); an input that appears twice adds its slopes
        jac = {}
        for node, slope in pairs:
            jac[node] = jac.get(node, 0.0) + slope
        return Value(data, jac, how)

    def backward(self):
        indegree = {}
        pending = [self]
        while pending:
            n = pending.pop()
            for k in n.jac:
                if k not in indegree:
                    indegree[k] = 0
                    pending.append(k)
                indegree[k] += 1
        self.grad = 1.0
        frontier = [self]
        while frontier:
            n = frontier.pop()
            for k, slope in n.jac.items():
                k.grad += slope * n.grad
                indegree[k] -= 1
                if not indegree[k]:
                    frontier.append(k)

    def __mul__(self, other):
        other = _as_node(other)
        return self._emit(self.data * other.data, "mul", (self, other.data), (other, self.data))

    def __add__(self, other):
        other = _as_node(other)
        return self._emit(self.data + other.data, "add", (self, 1.0), (other, 1.0))

    def __pow__(self, e):
        assert isinstance(e, (int, float))
        return self._emit(self.data ** e, f"pow{e}", (self, e * self.data ** (e - 1)))

    def exp(self):
        y = math.exp(self.data)
        return self._emit(y, "exp", (self, y))

    def log(self):
        return self._emit(math.log(self.data), "log", (self, 1.0 / self.data))

    def tanh(self):
        e2 = math.exp(2 * self.data)
        y = (e2 - 1) / (e2 + 1)
        return self._emit(y, "tanh", (self, 1 - y * y))

    def relu(self):
        return self._emit(max(self.data, 0.0), "relu", (self, 1.0 if self.data > 0 else 0.0))

    def __neg__(self):
        return self * -1

    def __sub__(self, other):
        return self + (-other)

    def __truediv__(self, other):
        return self * other ** -1

    def __radd__(self, other):
        return self + other

    def __rsub__(self, other):
        return other + (-self)

    def __rmul__(self, other):
        return self * other

    def __rtruediv__(self, other):
        return other * self ** -1
