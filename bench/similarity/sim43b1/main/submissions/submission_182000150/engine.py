import math


def wrap(x):
    if isinstance(x, Value):
        return x
    return Value(x)


class Value:
    """A number that remembers which numbers it was computed from and the slope
    of that computation with respect to each of them."""

    def __init__(self, data, ins=(), ds=()):
        self.data = data
        self.grad = 0
        self._ins = tuple(ins)  # the nodes this one was computed from
        self._ds = tuple(ds)    # d(this)/d(each of them), same positions

    def __radd__(self, other):
        return self + other

    def __rmul__(self, other):
        return self * other

    def __add__(self, other):
        other = wrap(other)
        return Value(self.data + other.data, (self, other), (1, 1))

    def __mul__(self, other):
        other = wrap(other)
        return Value(self.data * other.data, (self, other), (other.data, self.data))

    def __pow__(self, k):
        assert isinstance(k, (int, float))
        return Value(self.data ** k, (self,), (k * self.data ** (k - 1),))

    def exp(self):
        y = math.exp(self.data)
        return Value(y, (self,), (y,))

    def log(self):
        return Value(math.log(self.data), (self,), (1 / self.data,))

    def tanh(self):
        y = math.tanh(self.data)
        return Value(y, (self,), (1 - y * y,))

    def relu(self):
        positive = self.data > 0
        return Value(self.data if positive else 0, (self,), (1 if positive else 0,))

    def __neg__(self):
        return self * -1

    def __sub__(self, other):
        return self + (-wrap(other))

    def __rsub__(self, other):
        return wrap(other) + (-self)

    def __truediv__(self, other):
        return self * wrap(other) ** -1

    def __rtruediv__(self, other):
        return wrap(other) * self ** -1

    def backward(self):
        # No recursion: a stack of nodes whose inputs are not all placed yet.
        # A node is finished the second time it comes to the top.
        placed = []
        state = {}  # id -> 1 while open, 2 once placed
        todo = [self]
        while todo:
            top = todo[-1]
            if state.get(id(top)) == 2:
                todo.pop()
                continue
            if state.get(id(top)) == 1:
                todo.pop()
                state[id(top)] = 2
                placed.append(top)
                continue
            state[id(top)] = 1
            for node in top._ins:
                if id(node) not in state:
                    todo.append(node)
        self.grad = 1
        for node in placed[::-1]:
            for src, d in zip(node._ins, node._ds):
                src.grad += d * node.grad

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"
