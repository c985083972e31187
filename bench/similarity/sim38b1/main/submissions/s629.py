import math
import sys

sys.setrecursionlimit(10000)

class Value:
    """ stores a single scalar value and its gradient """

    def __init__(self, data, _children=(), _op=""):
        self.data = data
        self.grad = 0
        self._back = lambda: None
        self._prev = set(_children)
        self._op = _op

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"

    def __mul__(self, that):
        that = that if isinstance(that, Value) else Value(that)
        res = Value(self.data * that.data, (self, that), "*")

        def _back():
            self.grad = self.grad + that.data * res.grad
            that.grad = that.grad + self.data * res.grad
        res._back = _back

        return res

    def __add__(self, that):
        that = that if isinstance(that, Value) else Value(that)
        res = Value(self.data + that.data, (self, that), "+")

        def _back():
            self.grad = self.grad + res.grad
            that.grad = that.grad + res.grad
        res._back = _back

        return res

    def __pow__(self, that):
        assert isinstance(that, (int, float)), "only supporting int/float powers for now"
        res = Value(self.data**that, (self,), f"**{that}")

        def _back():
            self.grad = self.grad + ((that * self.data**(that-1)) * res.grad)
        res._back = _back

        return res

    def tanh(self):
        t = math.tanh(self.data)
        res = Value(t, (self,), "tanh")

        def _back():
            self.grad = self.grad + ((1 - t**2) * res.grad)
        res._back = _back

        return res

    def relu(self):
        res = Value(0 if self.data < 0 else self.data, (self,), "ReLU")

        def _back():
            self.grad = self.grad + (res.data > 0) * res.grad
        res._back = _back

        return res

    def log(self):
        res = Value(math.log(self.data), (self,), "log")

        def _back():
            self.grad = self.grad + (1 / self.data) * res.grad
        res._back = _back

        return res

    def backward(self):

        order = []
        marked = set()
        def walk(cur):
            if cur not in marked:
                marked.add(cur)
                for ch in cur._prev:
                    walk(ch)
                order.append(cur)
        walk(self)

        self.grad = 1
        for cur in reversed(order):
            cur._back()

    def __neg__(self):
        return self * -1

    def __radd__(self, that):
        return self + that

    def __sub__(self, that):
        return self + (-that)

    def __rsub__(self, that):
        return that + (-self)

    def __rmul__(self, that):
        return self * that

    def __truediv__(self, that):
        return self * that**-1

    def __rtruediv__(self, that):
        return that * self**-1

    def exp(self):
        res = Value(math.exp(self.data), (self,), "exp")

        def _back():
            self.grad = self.grad + res.data * res.grad
        res._back = _back

        return res


Scalar = Value
