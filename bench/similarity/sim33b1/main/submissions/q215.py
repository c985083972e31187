"""A scalar-valued reverse-mode autograd engine."""

import math


class Value:
    """A scalar and its gradient."""

    def __init__(self, data, _children=(), _op=""):
        self.data = data
        self.grad = 0
        self._backward = lambda: None
        self._prev = tuple(dict.fromkeys(_children))
        self._op = _op

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"

    def __add__(self, rhs):
        rhs = rhs if isinstance(rhs, Value) else Value(rhs)
        res = Value(self.data + rhs.data, (self, rhs), "+")

        def _backward():
            self.grad = self.grad + res.grad
            rhs.grad = rhs.grad + res.grad

        res._backward = _backward
        return res

    def __mul__(self, rhs):
        rhs = rhs if isinstance(rhs, Value) else Value(rhs)
        res = Value(self.data * rhs.data, (self, rhs), "*")

        def _backward():
            self.grad = self.grad + rhs.data * res.grad
            rhs.grad = rhs.grad + self.data * res.grad

        res._backward = _backward
        return res

    def exp(self):
        # cap the input: math.exp overflows past ~709
        capped = min(self.data, 700.0)
        res = Value(math.exp(capped), (self,), "exp")

        def _backward():
            self.grad = self.grad + res.data * res.grad

        res._backward = _backward
        return res

    def log(self):
        v = self.data
        res = Value(math.log(v), (self,), "log")

        def _backward():
            self.grad = self.grad + res.grad / v

        res._backward = _backward
        return res

    def __pow__(self, p):
        """self ** p, p a constant."""
        assert isinstance(p, (int, float)), "only constant int/float powers are supported"
        x = self.data
        res = Value(x ** p, (self,), f"**{p}")

        def _backward():
            if x == 0 and p < 1:  # no finite slope at 0
                return
            self.grad = self.grad + p * x ** (p - 1) * res.grad

        res._backward = _backward
        return res

    def relu(self):
        res = Value(0 if self.data < 0 else self.data, (self,), "ReLU")

        def _backward():
            self.grad = self.grad + (res.data > 0) * res.grad

        res._backward = _backward
        return res

    def tanh(self):
        th = math.tanh(self.data)
        res = Value(th, (self,), "tanh")

        def _backward():
            self.grad = self.grad + (1 - th**2) * res.grad

        res._backward = _backward
        return res

    @staticmethod
    def _inv(v):
        """1/v: a node for a Value, a number for a number."""
        if isinstance(v, Value):
            return v ** -1
        return 1.0 / v

    def __neg__(self):
        return self * -1

    def __sub__(self, rhs):
        return self + rhs * -1

    def __truediv__(self, rhs):
        return self * Value._inv(rhs)

    def __radd__(self, lhs):
        return self + lhs

    def __rmul__(self, lhs):
        return self * lhs

    def __rsub__(self, lhs):
        return lhs + self * -1

    def __rtruediv__(self, lhs):
        return lhs * Value._inv(self)

    def _graph(self):
        seen = set()
        todo = [self]
        while len(todo) > 0:
            n = todo.pop()
            if n in seen:
                continue
            seen.add(n)
            todo.extend(n._prev)
        return seen

    def zero_grad(self):
        for n in self._graph():
            n.grad = 0

    def backward(self):
        """Accumulate d(self)/d(v) into v.grad for all v below self."""
        topo, visited = [], set()
        stack = [(self, False)]
        while len(stack) > 0:
            n, done = stack.pop()
            if done:
                topo.append(n)
                continue
            if n in visited:
                continue
            visited.add(n)
            stack.append((n, True))
            for ch in n._prev:
                if ch not in visited:
                    stack.append((ch, False))
        self.grad = 1
        for n in reversed(topo):
            n._backward()
