import math
import sys

sys.setrecursionlimit(100000)


class Value:
    """ stores a single scalar value and its gradient """

    def __init__(self, data, _children=(), _op=""):
        self.data = data
        self.grad = 0
        self._backward = lambda: None
        self._prev = set(_children)
        self._op = _op # the op that produced this node, for graphviz / debugging / etc

    def __mul__(self, x):
        x = x if isinstance(x, Value) else Value(x)
        output = Value(self.data * x.data, (self, x), "*")

        def _backward():
            self.grad = self.grad + (x.data * output.grad)
            x.grad = x.grad + (self.data * output.grad)
        output._backward = _backward

        return output

    def __add__(self, x):
        x = x if isinstance(x, Value) else Value(x)
        output = Value(self.data + x.data, (self, x), "+")

        def _backward():
            self.grad = self.grad + (output.grad)
            x.grad = x.grad + (output.grad)
        output._backward = _backward

        return output

    def __pow__(self, x):
        assert isinstance(x, (int, float)), "only supporting int/float powers for now"
        output = Value(self.data**x, (self,), f"**{x}")

        def _backward():
            self.grad = self.grad + ((x * self.data**(x-1)) * output.grad)
        output._backward = _backward

        return output

    def __neg__(self): # -self
        return self * -1

    def __sub__(self, x): # self - x
        return self + (-x)

    def __truediv__(self, x): # self / x
        return self * x**-1

    def exp(self):
        output = Value(math.exp(self.data), (self,), "exp")

        def _backward():
            self.grad = self.grad + (output.data * output.grad)
        output._backward = _backward

        return output

    def log(self):
        output = Value(math.log(self.data), (self,), "log")

        def _backward():
            self.grad = self.grad + ((1 / self.data) * output.grad)
        output._backward = _backward

        return output

    def tanh(self):
        t = math.tanh(self.data)
        output = Value(t, (self,), "tanh")

        def _backward():
            self.grad = self.grad + ((1 - t**2) * output.grad)
        output._backward = _backward

        return output

    def relu(self):
        output = Value(0 if self.data < 0 else self.data, (self,), "ReLU")

        def _backward():
            self.grad = self.grad + ((output.data > 0) * output.grad)
        output._backward = _backward

        return output

    def backward(self):

        sorted_nodes = []
        done = set()
        def add_node(cur):
            if cur not in done:
                done.add(cur)
                for prev in cur._prev:
                    add_node(prev)
                sorted_nodes.append(cur)
        add_node(self)

        self.grad = 1
        for cur in reversed(sorted_nodes):
            cur._backward()

    def __radd__(self, x): # x + self
        return self + x

    def __rsub__(self, x): # x - self
        return x + (-self)

    def __rmul__(self, x): # x * self
        return self * x

    def __rtruediv__(self, x): # x / self
        return x * self**-1

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"
