"""Eli's engine. Local derivatives are computed in the forward pass and stored with the inputs,
so backward only multiplies and adds; no closures anywhere."""


class Value:
    def __init__(self, data, edges=(), op="leaf"):
        self.data = data
        self.grad = 0
        # edges: tuple of (input Value, d(self)/d(input)) pairs
        self.edges = tuple(edges)
        self.op = op

    @property
    def _prev(self):
        return tuple(node for node, _ in self.edges)

    def __add__(self, other):
        if not isinstance(other, Value):
            other = Value(other)
        return Value(self.data + other.data, ((self, 1), (other, 1)), "+")

    def __mul__(self, other):
        if not isinstance(other, Value):
            other = Value(other)
        return Value(self.data * other.data, ((self, other.data), (other, self.data)), "*")

    def __radd__(self, other):
        return self + other

    def __rmul__(self, other):
        return self * other

    def relu(self):
        if self.data > 0:
            return Value(self.data, ((self, 1),), "relu")
        return Value(0, ((self, 0),), "relu")

    def backward(self):
        # count how many edges point at each node (its number of users below self)
        uses = {self: 0}
        frontier = [self]
        while frontier:
            node = frontier.pop()
            for child, _ in node.edges:
                if child not in uses:
                    uses[child] = 0
                    frontier.append(child)
                uses[child] += 1
        # release a node once all its users have sent their share
        self.grad = 1
        ready = [self]
        while ready:
            node = ready.pop()
            for child, local in node.edges:
                child.grad += local * node.grad
                uses[child] -= 1
                if uses[child] == 0:
                    ready.append(child)

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad}, op={self.op})"
