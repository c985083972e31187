# engine.py (exercise 05)
from collections import Counter, deque


def _lift(x):
    return x if isinstance(x, Value) else Value(x)


def _fan_in(root):
    """For every node under root: how many edges come into it from nodes that use it."""
    uses = Counter()
    stack, known = [root], {root}
    while stack:
        n = stack.pop()
        for src, _ in n.edges:
            uses[src] += 1
            if src not in known:
                known.add(src)
                stack.append(src)
    return uses


class Value:
    def __init__(self, data, edges=(), label=""):
        self.data = data
        self.grad = 0
        self.edges = list(edges)  # (input, d self / d input), fixed at creation
        self.label = label

    def __add__(self, other):
        other = _lift(other)
        return Value(self.data + other.data, [(self, 1), (other, 1)], "+")

    def __radd__(self, other):
        return self + other

    def __mul__(self, other):
        other = _lift(other)
        return Value(self.data * other.data, [(self, other.data), (other, self.data)], "*")

    def __rmul__(self, other):
        return self * other

    def relu(self):
        live = self.data > 0
        return Value(self.data if live else 0, [(self, 1 if live else 0)], "relu")

    def backward(self):
        waiting = _fan_in(self)
        self.grad = 1
        queue = deque([self])
        while queue:
            n = queue.popleft()
            for src, d in n.edges:
                src.grad += d * n.grad
                waiting[src] -= 1
                if not waiting[src]:
                    queue.append(src)

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"
