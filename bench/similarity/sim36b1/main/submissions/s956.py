import sys
import math

sys.setrecursionlimit(30000)

class Value:
    """ stores a single scalar value and its gradient """

    def __init__(self, data, _children=(), _op=""):
        self.data = data
        self.grad = 0
        self._backward = lambda: None
        self._prev = set(_children)
        self._op = _op # the op that produced this node, for graphviz / debugging / etc

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"

    def __add__(self, that):
        that = that if isinstance(that, Value) else Value(that)
        res = Value(self.data + that.data, (self, that), "+")

        def _backward():
            self.grad = self.grad + (res.grad)
            that.grad = that.grad + (res.grad)
        res._backward = _backward

        return res

    def __radd__(self, that): # that + self
        return self + that

    def __mul__(self, that):
        that = that if isinstance(that, Value) else Value(that)
        res = Value(self.data * that.data, (self, that), "*")

        def _backward():
            self.grad = self.grad + (that.data * res.grad)
            that.grad = that.grad + (self.data * res.grad)
        res._backward = _backward

        return res

    def __rmul__(self, that): # that * self
        return self * that

    def __neg__(self): # -self
        return self * -1

    def __sub__(self, that): # self - that
        return self + (-that)

    def __rsub__(self, that): # that - self
        return that + (-self)

    def __truediv__(self, that): # self / that
        return self * that**-1

    def __rtruediv__(self, that): # that / self
        return that * self**-1

    def __pow__(self, that):
        assert isinstance(that, (int, float)), "only supporting int/float powers for now"
        res = Value(self.data**that, (self,), f"**{that}")

        def _backward():
            self.grad = self.grad + ((that * self.data**(that-1)) * res.grad)
        res._backward = _backward

        return res

    def relu(self):
        res = Value(0 if self.data < 0 else self.data, (self,), "ReLU")

        def _backward():
            self.grad = self.grad + ((res.data > 0) * res.grad)
        res._backward = _backward

        return res

    def tanh(self):
        y = math.tanh(self.data)
        res = Value(y, (self,), "tanh")

        def _backward():
            self.grad = self.grad + ((1 - y**2) * res.grad)
        res._backward = _backward

        return res

    def exp(self):
        res = Value(math.exp(self.data), (self,), "exp")

        def _backward():
            self.grad = self.grad + (res.data * res.grad)
        res._backward = _backward

        return res

    def log(self):
        res = Value(math.log(self.data), (self,), "log")

        def _backward():
            self.grad = self.grad + ((1 / self.data) * res.grad)
        res._backward = _backward

        return res

    def backward(self):

        order = []
        marked = set()
        def walk(n):
            if n not in marked:
                marked.add(n)
                for kid in n._prev:
                    walk(kid)
                order.append(n)
        walk(self)

        self.grad = 1
        for n in reversed(order):
            n._backward()
