# autodiff workshop -- engine (Rosa M.)
import math


class Edge:
    """A link from an operation's result back to one of its inputs, with the local slope as a function."""

    __slots__ = ("source", "slope")

    def __init__(self, source, slope):
        self.source = source
        self.slope = slope  # a zero-argument function giving d(result)/d(source)


class Value:
    def __init__(self, data, edges=(), label=""):
        self.data = data
        self.grad = 0.0
        self.edges = list(edges)
        self.label = label

    def __repr__(self):
        return f"Value(data={self.data:.6f}, grad={self.grad:.6f})"

    @classmethod
    def coerce(cls, x):
        return x if isinstance(x, cls) else cls(x)

    # -- graph building: every method lists its edges, nothing else -----------------

    def __add__(self, other):
        other = Value.coerce(other)
        return Value(self.data + other.data,
                     [Edge(self, lambda: 1.0), Edge(other, lambda: 1.0)], "+")

    def __mul__(self, other):
        other = Value.coerce(other)
        return Value(self.data * other.data,
                     [Edge(self, lambda: other.data), Edge(other, lambda: self.data)], "*")

    def __pow__(self, exponent):
        assert isinstance(exponent, (int, float))
        return Value(self.data ** exponent,
                     [Edge(self, lambda: exponent * self.data ** (exponent - 1))], f"^{exponent}")

    def relu(self):
        return Value(max(self.data, 0.0), [Edge(self, lambda: float(self.data > 0))], "relu")

    def tanh(self):
        e2x = math.exp(2.0 * self.data)
        result = Value((e2x - 1.0) / (e2x + 1.0), label="tanh")
        result.edges.append(Edge(self, lambda: 1.0 - result.data ** 2))
        return result

    def exp(self):
        result = Value(math.exp(self.data), label="exp")
        result.edges.append(Edge(self, lambda: result.data))
        return result

    def log(self):
        return Value(math.log(self.data), [Edge(self, lambda: 1.0 / self.data)], "log")

    # -- arithmetic in terms of the above ----------------------------------------------

    def __neg__(self):
        return self * -1

    def __sub__(self, other):
        return self + (-other)

    def __rsub__(self, other):
        return other + (-self)

    def __truediv__(self, other):
        return self * other ** -1

    def __rtruediv__(self, other):
        return other * self ** -1

    def __radd__(self, other):
        return self + other

    def __rmul__(self, other):
        return self * other

    # -- reverse pass ---------------------------------------------------------------

    def _pending_counts(self):
        """How many edges point at each node reachable from self."""
        pending, frontier = {self: 0}, [self]
        while frontier:
            node = frontier.pop()
            for edge in node.edges:
                if edge.source not in pending:
                    pending[edge.source] = 0
                    frontier.append(edge.source)
                pending[edge.source] += 1
        return pending

    def backward(self):
        pending = self._pending_counts()
        self.grad = 1.0
        ready = [self]
        while ready:
            node = ready.pop()
            for edge in node.edges:
                edge.source.grad += edge.slope() * node.grad
                pending[edge.source] -= 1
                if pending[edge.source] == 0:
                    ready.append(edge.source)
