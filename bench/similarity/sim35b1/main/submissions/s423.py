from math import exp as _exp, log as _log, tanh as _tanh

class Value:
    """Scalar value + gradient. -- Ayesha Siddiqui"""

    def __init__(self, data, _children=(), _op=""):
        self.data = data
        self.grad = 0
        self._backward = lambda: None
        self._prev = set(_children)
        self._op = _op

    def backward(self):

        # DFS ordering
        order = []
        marked = set()
        def walk(v):
            if v not in marked:
                marked.add(v)
                for c in v._prev:
                    walk(c)
                order.append(v)
        walk(self)

        self.grad = 1
        for v in reversed(order):
            v._backward()

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"

    def __rtruediv__(self, rhs): # rhs / self
        return rhs * self**-1

    def __truediv__(self, rhs): # self / rhs
        return self * rhs**-1

    def __rmul__(self, rhs): # rhs * self
        return self * rhs

    def __rsub__(self, rhs): # rhs - self
        return rhs + (-self)

    def __sub__(self, rhs): # self - rhs
        return self + (-rhs)

    def __radd__(self, rhs): # rhs + self
        return self + rhs

    def __neg__(self): # -self
        return self * -1

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

    def __pow__(self, rhs):
        assert isinstance(rhs, (int, float)), "only supporting int/float powers for now"
        res = Value(self.data**rhs, (self,), f"**{rhs}")

        def _backward():
            self.grad = self.grad + (rhs * self.data**(rhs-1)) * res.grad
        res._backward = _backward

        return res

    def relu(self):
        res = Value(0 if self.data < 0 else self.data, (self,), "ReLU")

        def _backward():
            self.grad = self.grad + (res.data > 0) * res.grad
        res._backward = _backward

        return res

    def tanh(self):
        t = _tanh(self.data)
        res = Value(t, (self,), "tanh")

        def _backward():
            self.grad = self.grad + (1 - t**2) * res.grad
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
            self.grad = self.grad + (1 / self.data) * res.grad
        res._backward = _backward

        return res
