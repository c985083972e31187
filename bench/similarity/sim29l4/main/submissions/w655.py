import math


class Value:
    """Gradients are pulled: a node asks each node that used it how much it owes, and remembers the answer."""

    def __init__(self, data, inputs=(), op=''):
        self.data = data
        self.grad = 0.0
        self._prev = tuple(inputs)
        self._op = op
        self.users = []  # (node that used me, d node / d me as a function of that node)

    def __repr__(self):
        return 'Value(%s)' % self.data

    def _link(self, data, op, slopes):
        node = Value(data, tuple(p for p, _ in slopes), op)
        for parent, slope in slopes:
            parent.users.append((node, slope))
        return node

    @staticmethod
    def _v(x):
        return x if isinstance(x, Value) else Value(x)

    def __add__(self, other):
        other = Value._v(other)
        return self._link(self.data + other.data, '+', [(self, lambda n: 1.0), (other, lambda n: 1.0)])

    def __mul__(self, other):
        other = Value._v(other)
        return self._link(self.data * other.data, '*',
                          [(self, lambda n: other.data), (other, lambda n: self.data)])

    def __pow__(self, k):
        if isinstance(k, Value):
            raise TypeError('a Value cannot be the exponent')
        return self._link(self.data ** k, '**', [(self, lambda n: k * self.data ** (k - 1))])

    def relu(self):
        return self._link(self.data if self.data > 0 else 0.0, 'relu',
                          [(self, lambda n: 1.0 if self.data > 0 else 0.0)])

    def tanh(self):
        e = math.exp(2 * self.data)
        return self._link((e - 1) / (e + 1), 'tanh', [(self, lambda n: 1 - n.data ** 2)])

    def exp(self):
        return self._link(math.exp(self.data), 'exp', [(self, lambda n: n.data)])

    def log(self):
        return self._link(math.log(self.data), 'log', [(self, lambda n: 1 / self.data)])

    def backward(self):
        reachable = set()
        frontier = [self]
        while frontier:
            node = frontier.pop()
            if node not in reachable:
                reachable.add(node)
                frontier.extend(node._prev)
        owed = {self: 1.0}

        def pull(node):
            if node not in owed:
                owed[node] = sum(pull(user) * slope(user) for user, slope in node.users if user in reachable)
            return owed[node]
        for node in reachable:
            node.grad += pull(node)

    def __neg__(self):
        return Value(-1) * self

    __radd__ = __add__
    __rmul__ = __mul__

    def __sub__(self, other):
        return self + -1 * other

    def __rsub__(self, other):
        return -self + Value(other)

    def __truediv__(self, other):
        return self * other ** -1

    def __rtruediv__(self, other):
        return self ** -1 * Value(other)
