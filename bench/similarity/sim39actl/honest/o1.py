"""Lab engine. Each node lists its edges (parent, local derivative); backward
releases a node once all of its users have sent their gradient (Kahn).
The op names are the lecture slide's: (+), (*), (**), relu(), ...
log's input is floored at 1e-12 as on the slide, so log(0) gives a big negative number."""
import math

TINY = 1e-12


class Value:
    def __init__(self, data, edges=(), op=""):
        self.data = data
        self.grad = 0.0
        self.edges = list(edges)
        self.op = op

    def __repr__(self):
        return "Value(data={}, grad={}, op={!r})".format(self.data, self.grad, self.op)

    def _other(self, x):
        if isinstance(x, Value):
            return x
        return Value(x)

    def __add__(self, other):
        other = self._other(other)
        return Value(self.data + other.data, [(self, 1.0), (other, 1.0)], "(+)")

    def __mul__(self, other):
        other = self._other(other)
        return Value(self.data * other.data, [(self, other.data), (other, self.data)], "(*)")

    def __pow__(self, n):
        return Value(self.data ** n, [(self, n * self.data ** (n - 1))], "(**)")

    def relu(self):
        on = self.data > 0
        return Value(self.data if on else 0.0, [(self, 1.0 if on else 0.0)], "relu()")

    def tanh(self):
        t = math.tanh(self.data)
        return Value(t, [(self, 1.0 - t * t)], "tanh()")

    def exp(self):
        e = math.exp(self.data)
        return Value(e, [(self, e)], "exp()")

    def log(self):
        x = max(self.data, TINY)
        return Value(math.log(x), [(self, 1.0 / x)], "log()")

    def __neg__(self):
        return self * -1.0

    def __sub__(self, other):
        return self + self._other(other) * -1.0

    def __rsub__(self, other):
        return self._other(other) + self * -1.0

    def __truediv__(self, other):
        return self * self._other(other) ** -1

    def __rtruediv__(self, other):
        return self._other(other) * self ** -1

    def __radd__(self, other):
        return self + other

    def __rmul__(self, other):
        return self * other

    def backward(self):
        users = {id(self): 0}
        nodes = {id(self): self}
        queue = [self]
        while queue:
            node = queue.pop()
            for parent, _ in node.edges:
                if id(parent) not in users:
                    users[id(parent)] = 0
                    nodes[id(parent)] = parent
                    queue.append(parent)
                users[id(parent)] += 1
        self.grad = 1.0
        ready = [self]
        while ready:
            node = ready.pop()
            for parent, local in node.edges:
                parent.grad += local * node.grad
                users[id(parent)] -= 1
                if users[id(parent)] == 0:
                    ready.append(parent)
