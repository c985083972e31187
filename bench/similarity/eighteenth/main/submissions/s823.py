import math


class Value:
    """Autograd value (exercise 04)."""

    def __init__(self, data, _children=(), _op=""):
        self.data = data
        self.grad = 0
        self._op = _op
        self._parents = tuple(dict.fromkeys(_children))
        self._push = lambda: None

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"

    def __add__(self, rhs):
        rhs = rhs if isinstance(rhs, Value) else Value(rhs)
        res = Value(self.data + rhs.data, (self, rhs), "+")

        def push():
            for node in (self, rhs):
                node.grad += res.grad

        res._push = push
        return res

    __radd__ = __add__

    def __mul__(self, rhs):
        rhs = rhs if isinstance(rhs, Value) else Value(rhs)
        res = Value(self.data * rhs.data, (self, rhs), "*")

        def push():
            self.grad += res.grad * rhs.data
            rhs.grad += res.grad * self.data

        res._push = push
        return res

    __rmul__ = __mul__

    def __neg__(self):
        return -1 * self

    def __sub__(self, rhs):
        return -rhs + self

    def __rsub__(self, lhs):
        return -self + lhs

    def __pow__(self, k):
        if not isinstance(k, (int, float)):
            raise TypeError("the exponent must be a constant number")
        res = Value(self.data ** k, (self,), "**" + str(k))

        def push():
            self.grad += res.grad * k * self.data ** (k - 1)

        res._push = push
        return res

    def __truediv__(self, rhs):
        return rhs ** -1 * self

    def __rtruediv__(self, lhs):
        return self ** -1 * lhs

    def exp(self):
        res = Value(math.exp(self.data), (self,), "exp")
        res._push = lambda: setattr(self, "grad", self.grad + res.grad * res.data)
        return res

    def log(self):
        res = Value(math.log(self.data), (self,), "log")
        res._push = lambda: setattr(self, "grad", self.grad + res.grad / self.data)
        return res

    def tanh(self):
        res = Value(math.tanh(self.data), (self,), "tanh")
        res._push = lambda: setattr(self, "grad", self.grad + res.grad * (1 - res.data ** 2))
        return res

    def relu(self):
        res = Value(max(self.data, 0), (self,), "ReLU")
        res._push = lambda: setattr(self, "grad", self.grad + (res.grad if self.data > 0 else 0))
        return res

    def backward(self):
        # iterative post-order instead of recursion
        order, done = [], set()
        stack = [(self, False)]
        while stack:
            node, expanded = stack.pop()
            if expanded:
                order.append(node)
                continue
            if node in done:
                continue
            done.add(node)
            stack.append((node, True))
            stack.extend((p, False) for p in node._parents if p not in done)
        self.grad = 1
        while order:
            order.pop()._push()
