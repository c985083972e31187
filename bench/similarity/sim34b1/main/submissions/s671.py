import math


class Value:
    __slots__ = ("data", "grad", "_backward", "_prev", "_op")

    def __init__(self, data, _children=(), _op=""):
        self.data = float(data)
        self.grad = 0.0
        self._backward = lambda: None
        self._prev = tuple(_children)
        self._op = _op

    @staticmethod
    def _lift(x):
        return x if isinstance(x, Value) else Value(x)

    def __add__(self, other):
        other = Value._lift(other)
        out = Value(self.data + other.data, (self, other), "+")
        def back():
            self.grad += out.grad
            other.grad += out.grad
        out._backward = back
        return out

    def __mul__(self, other):
        other = Value._lift(other)
        out = Value(self.data * other.data, (self, other), "*")
        def back():
            self.grad += other.data * out.grad
            other.grad += self.data * out.grad
        out._backward = back
        return out

    def relu(self):
        out = Value(max(0.0, self.data), (self,), "relu")
        def back():
            self.grad += out.grad if out.data > 0 else 0.0
        out._backward = back
        return out

    __radd__ = __add__
    __rmul__ = __mul__

    def __repr__(self):
        return "Value(%r, grad=%r)" % (self.data, self.grad)
