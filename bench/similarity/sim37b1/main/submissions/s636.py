import math
import sys

sys.setrecursionlimit(10000)

class Value:
    """ stores a single scalar value and its gradient """

    def __init__(self, data, _children=(), _op=''):
        self.data = data
        self.grad = 0
        self._backward = lambda: None
        self._prev = set(_children)
        self._op = _op


    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"


    def backward(self):

        ordered = []
        seen_nodes = set()
        def walk(node):
            if node not in seen_nodes:
                seen_nodes.add(node)
                for prev in node._prev:
                    walk(prev)
                ordered.append(node)
        walk(self)

        self.grad = 1
        for node in reversed(ordered):
            node._backward()


    def tanh(self):
        x = self.data
        t = (math.exp(2*x) - 1) / (math.exp(2*x) + 1)
        y = Value(t, (self,), 'tanh')

        def _backward():
            self.grad = self.grad + (1 - y.data**2) * y.grad
        y._backward = _backward
        return y


    def exp(self):
        x = self.data
        y = Value(math.exp(x), (self,), 'exp')

        def _backward():
            self.grad = self.grad + y.data * y.grad
        y._backward = _backward
        return y


    def log(self):
        x = self.data
        y = Value(math.log(x), (self,), 'log')

        def _backward():
            self.grad = self.grad + y.grad / x
        y._backward = _backward
        return y


    def __add__(self, w):
        w = w if isinstance(w, Value) else Value(w)
        y = Value(self.data + w.data, (self, w), '+')

        def _backward():
            self.grad = self.grad + y.grad
            w.grad = w.grad + y.grad
        y._backward = _backward

        return y


    def __mul__(self, w):
        w = w if isinstance(w, Value) else Value(w)
        y = Value(self.data * w.data, (self, w), '*')

        def _backward():
            self.grad = self.grad + w.data * y.grad
            w.grad = w.grad + self.data * y.grad
        y._backward = _backward

        return y


    def __pow__(self, w):
        assert isinstance(w, (int, float)), 'only supporting int/float powers for now'
        y = Value(self.data**w, (self,), f'**{w}')

        def _backward():
            self.grad = self.grad + (w * self.data**(w-1)) * y.grad
        y._backward = _backward

        return y


    def relu(self):
        y = Value(0 if self.data < 0 else self.data, (self,), 'ReLU')

        def _backward():
            self.grad = self.grad + (y.data > 0) * y.grad
        y._backward = _backward

        return y


    def __neg__(self):
        return self * -1


    def __radd__(self, w):
        return self + w


    def __sub__(self, w):
        return self + (-w)


    def __rsub__(self, w):
        return w + (-self)


    def __rmul__(self, w):
        return self * w


    def __truediv__(self, w):
        return self * w**-1


    def __rtruediv__(self, w):
        return w * self**-1
