from math import exp as _exp, log as _log, tanh as _tanh


class Value:
    """scalar value with gradient"""

    def __init__(self, data, _children=(), _op=""):
        self.data = data
        self.grad = 0
        self._backward = lambda: None
        self._prev = set(_children)
        self._op = _op

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"

    def backward(self):
        order = []
        done = set()

        def walk(node):
            if node not in done:
                done.add(node)
                for kid in node._prev:
                    walk(kid)
                order.append(node)

        walk(self)
        self.grad = 1
        for node in reversed(order):
            node._backward()

    def __mul__(self, rhs):
        rhs = rhs if isinstance(rhs, Value) else Value(rhs)
        res = Value(self.data * rhs.data, (self, rhs), "*")

        def _backward():
            self.grad = self.grad + rhs.data * res.grad
            rhs.grad = rhs.grad + self.data * res.grad

        res._backward = _backward
        return res

    def __add__(self, rhs):
        rhs = rhs if isinstance(rhs, Value) else Value(rhs)
        res = Value(self.data + rhs.data, (self, rhs), "+")

        def _backward():
            self.grad = self.grad + res.grad
            rhs.grad = rhs.grad + res.grad

        res._backward = _backward
        return res

    def __pow__(self, n):
        assert isinstance(n, (int, float)), "int/float powers only"
        res = Value(self.data ** n, (self,), f"**{n}")

        def _backward():
            self.grad = self.grad + n * self.data ** (n - 1) * res.grad

        res._backward = _backward
        return res

    def tanh(self):
        res = Value(_tanh(self.data), (self,), "tanh")

        def _backward():
            self.grad = self.grad + (1 - res.data ** 2) * res.grad

        res._backward = _backward
        return res

    def exp(self):
        res = Value(_exp(self.data), (self,), "exp")

        def _backward():
            self.grad = self.grad + res.data * res.grad

        res._backward = _backward
        return res

    def log(self):
        res = Value(_log(self.data), (self,), "log")

        def _backward():
            self.grad = self.grad + res.grad / self.data

        res._backward = _backward
        return res

    def relu(self):
        res = Value(0 if self.data < 0 else self.data, (self,), "ReLU")

        def _backward():
            self.grad = self.grad + (res.data > 0) * res.grad

        res._backward = _backward
        return res

    def __rtruediv__(self, lhs):  # lhs / self
        return lhs * self ** -1

    def __truediv__(self, rhs):  # self / rhs
        return self * rhs ** -1

    def __rmul__(self, lhs):  # lhs * self
        return self * lhs

    def __rsub__(self, lhs):  # lhs - self
        return lhs + (-self)

    def __sub__(self, rhs):  # self - rhs
        return self + (-rhs)

    def __radd__(self, lhs):  # lhs + self
        return self + lhs

    def __neg__(self):  # -self
        return self * -1
