import math


class Value:
    """Each node keeps a function that lists (input, local derivative) pairs; backward keeps the
    gradients in a dictionary while it works and writes them onto the nodes at the end."""

    def __init__(self, data, prev=(), op="", local=None):
        self.data = data
        self.grad = 0.0
        self._prev = tuple(prev)
        self._op = op
        self._local = local or (lambda: ())

    def __repr__(self):
        return f"Value(data={self.data}, op={self._op})"

    def __add__(self, rhs):
        rhs = rhs if isinstance(rhs, Value) else Value(rhs)
        return Value(self.data + rhs.data, (self, rhs), "add", lambda: ((self, 1.0), (rhs, 1.0)))

    def __mul__(self, rhs):
        rhs = rhs if isinstance(rhs, Value) else Value(rhs)
        return Value(self.data * rhs.data, (self, rhs), "mul", lambda: ((self, rhs.data), (rhs, self.data)))

    def __pow__(self, p):
        assert type(p) in (int, float), "the power has to be an int or a float"
        return Value(self.data ** p, (self,), "pow", lambda: ((self, p * self.data ** (p - 1)),))

    def relu(self):
        return Value(self.data * (self.data > 0), (self,), "relu", lambda: ((self, float(self.data > 0)),))

    def tanh(self):
        return Value(math.tanh(self.data), (self,), "tanh", lambda: ((self, 1.0 - math.tanh(self.data) ** 2),))

    def sigmoid(self):
        sg = 1.0 / (1.0 + math.exp(-self.data))
        return Value(sg, (self,), "sigmoid", lambda: ((self, sg * (1.0 - sg)),))

    def exp(self):
        ex = math.exp(self.data)
        return Value(ex, (self,), "exp", lambda: ((self, ex),))

    def log(self):
        return Value(math.log(self.data), (self,), "log", lambda: ((self, 1.0 / self.data),))

    def backward(self):
        order, seen = [], set()
        stack = [(self, iter(self._prev))]
        seen.add(self)
        while stack:
            node, rest = stack[-1]
            nxt = next(rest, None)
            if nxt is None:
                stack.pop()
                order.append(node)
            elif nxt not in seen:
                seen.add(nxt)
                stack.append((nxt, iter(nxt._prev)))
        grads = {id(self): 1.0}
        for node in reversed(order):
            g = grads.get(id(node), 0.0)
            for parent, d in node._local():
                grads[id(parent)] = grads.get(id(parent), 0.0) + d * g
        for node in order:
            node.grad += grads.get(id(node), 0.0)

    def __neg__(self):
        return self.__mul__(-1)

    def __sub__(self, rhs):
        return self.__add__(-rhs)

    def __rsub__(self, lhs):
        return (-self).__add__(lhs)

    def __truediv__(self, rhs):
        return self.__mul__(rhs ** -1)

    def __rtruediv__(self, lhs):
        return (self ** -1).__mul__(lhs)

    __radd__ = __add__
    __rmul__ = __mul__
