import math


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

    def __add__(self, that):
        that = that if isinstance(that, Value) else Value(that)
        y = Value(self.data + that.data, (self, that), '+')

        def _backward():
            self.grad = self.grad + y.grad
            that.grad = that.grad + y.grad
        y._backward = _backward

        return y

    def __radd__(self, that):
        return self + that

    def __mul__(self, that):
        that = that if isinstance(that, Value) else Value(that)
        y = Value(self.data * that.data, (self, that), '*')

        def _backward():
            self.grad = self.grad + that.data * y.grad
            that.grad = that.grad + self.data * y.grad
        y._backward = _backward

        return y

    def __rmul__(self, that):
        return self * that

    def __neg__(self):
        return self * -1

    def __sub__(self, that):
        return self + (-that)

    def __rsub__(self, that):
        return that + (-self)

    def __truediv__(self, that):
        return self * that**-1

    def __rtruediv__(self, that):
        return that * self**-1

    def __pow__(self, that):
        assert isinstance(that, (int, float)), "only supporting int/float powers for now"
        y = Value(self.data**that, (self,), f'**{that}')

        def _backward():
            self.grad = self.grad + (that * self.data**(that-1)) * y.grad
        y._backward = _backward

        return y

    def tanh(self):
        y = Value(math.tanh(self.data), (self,), 'tanh')
        def _backward():
            self.grad = self.grad + (1 - y.data ** 2) * y.grad
        y._backward = _backward
        return y

    def exp(self):
        y = Value(math.exp(self.data), (self,), 'exp')
        def _backward():
            self.grad = self.grad + math.exp(self.data) * y.grad
        y._backward = _backward
        return y

    def log(self):
        y = Value(math.log(self.data), (self,), 'log')
        def _backward():
            self.grad = self.grad + y.grad / self.data
        y._backward = _backward
        return y

    def relu(self):
        y = Value(0 if self.data < 0 else self.data, (self,), 'ReLU')

        def _backward():
            self.grad = self.grad + (y.data > 0) * y.grad
        y._backward = _backward

        return y

    def backward(self):

        seq = []
        marked = set()
        def rec(v):
            if v not in marked:
                marked.add(v)
                for child in v._prev:
                    rec(child)
                seq.append(v)
        rec(self)

        self.grad = 1
        for v in reversed(seq):
            v._backward()
