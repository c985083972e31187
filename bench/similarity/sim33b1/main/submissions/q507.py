import math
from collections import deque


class Value:
    """Scalar node. Local derivatives are stored when the node is made;
    backward counts consumers first and goes in Kahn's order."""

    __slots__ = ("data", "grad", "_in", "_d", "_op")

    def __init__(self, data, inputs=(), derivs=(), op=""):
        self.data = data
        self.grad = 0.0
        self._in = tuple(inputs)
        self._d = tuple(derivs)
        self._op = op

    def _wrap(o):
        return o if isinstance(o, Value) else Value(o)

    def __add__(s, o):
        o = Value._wrap(o)
        return Value(s.data + o.data, (s, o), (1.0, 1.0), "+")

    def __mul__(s, o):
        o = Value._wrap(o)
        return Value(s.data * o.data, (s, o), (o.data, s.data), "*")

    def __pow__(s, k):
        assert isinstance(k, (int, float)), "constant powers only"
        return Value(s.data ** k, (s,), (k * s.data ** (k - 1),), f"^{k}")

    def exp(s):
        y = math.exp(s.data)
        return Value(y, (s,), (y,), "exp")

    def log(s):
        return Value(math.log(s.data), (s,), (1 / s.data,), "log")

    def tanh(s):
        y = math.tanh(s.data)
        return Value(y, (s,), (1 - y * y,), "tanh")

    def relu(s):
        return Value(s.data if s.data > 0 else 0, (s,), (float(s.data > 0),), "relu")

    __radd__ = __add__
    __rmul__ = __mul__

    def __neg__(s):
        return s * -1

    def __sub__(s, o):
        return s + (-Value._wrap(o))

    def __rsub__(s, o):
        return Value._wrap(o) + (-s)

    def __truediv__(s, o):
        return s * Value._wrap(o) ** -1

    def __rtruediv__(s, o):
        return Value._wrap(o) * s ** -1

    def backward(s):
        # 1. how many times is each node used as an input (within this graph)?
        users = {id(s): 0}
        nodes = {id(s): s}
        todo = [s]
        while todo:
            n = todo.pop()
            for p in n._in:
                if id(p) not in users:
                    users[id(p)] = 0
                    nodes[id(p)] = p
                    todo.append(p)
                users[id(p)] += 1
        # 2. a node is ready when all of its users have passed their gradient on
        s.grad = 1.0
        ready = deque([s])
        while ready:
            n = ready.popleft()
            for p, d in zip(n._in, n._d):
                p.grad += d * n.grad
                users[id(p)] -= 1
                if users[id(p)] == 0:
                    ready.append(p)

    def __repr__(s):
        return "Value(data=%r, grad=%r)" % (s.data, s.grad)
