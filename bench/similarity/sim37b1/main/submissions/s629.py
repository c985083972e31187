import math
import sys

sys.setrecursionlimit(10000)

class Value:
    """ stores a single scalar value and its gradient """

    def __init__(self, data, _kids=(), _op=""):
        self.data = data
        self.grad = 0
        self._backward = lambda: None
        self._prev = set(_kids)
        self._op = _op


    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"


    def __mul__(self, b):
        b = b if isinstance(b, Value) else Value(b)
        res = Value(self.data * b.data, (self, b), "*")

        def _backward():
            self.grad = self.grad + b.data * res.grad
            b.grad = b.grad + self.data * res.grad
        res._backward = _backward

        return res


    def __add__(self, b):
        b = b if isinstance(b, Value) else Value(b)
        res = Value(self.data + b.data, (self, b), "+")

        def _backward():
            self.grad = self.grad + res.grad
            b.grad = b.grad + res.grad
        res._backward = _backward

        return res


    def relu(self):
        res = Value(0 if self.data < 0 else self.data, (self,), "ReLU")

        def _backward():
            self.grad = self.grad + (res.data > 0) * res.grad
        res._backward = _backward

        return res


    def tanh(self):
        t = math.tanh(self.data)
        res = Value(t, (self,), "tanh")

        def _backward():
            self.grad = self.grad + (1 - t**2) * res.grad
        res._backward = _backward

        return res


    def exp(self):
        res = Value(math.exp(self.data), (self,), "exp")

        def _backward():
            self.grad = self.grad + res.data * res.grad
        res._backward = _backward

        return res


    def log(self):
        res = Value(math.log(self.data), (self,), "log")

        def _backward():
            self.grad = self.grad + (1 / self.data) * res.grad
        res._backward = _backward

        return res


    def __pow__(self, b):
        assert isinstance(b, (int, float)), "only supporting int/float powers for now"
        res = Value(self.data**b, (self,), f"**{b}")

        def _backward():
            self.grad = self.grad + (b * self.data**(b-1)) * res.grad
        res._backward = _backward

        return res


    def backward(self):

        order = []
        marked = set()
        def add_node(x):
            if x not in marked:
                marked.add(x)
                for c in x._prev:
                    add_node(c)
                order.append(x)
        add_node(self)

        self.grad = 1
        for x in reversed(order):
            x._backward()


    def __neg__(self):
        return self * -1


    def __radd__(self, b):
        return self + b


    def __sub__(self, b):
        return self + (-b)


    def __rsub__(self, b):
        return b + (-self)


    def __rmul__(self, b):
        return self * b


    def __truediv__(self, b):
        return self * b**-1


    def __rtruediv__(self, b):
        return b * self**-1
