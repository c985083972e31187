# Lab 2 -- autodiff
# (structure follows the micrograd video)
from math import tanh as _tanh, exp as _exp, log as _log


def _as_value(x):
    return x if isinstance(x, Value) else Value(x)


class Value:

    def __init__(self, data, children=(), label=''):
        self.data = data
        self.grad = 0
        self._backward = lambda: None
        self._prev = set(children)
        self._op = label

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"

    # ---- core ops
    def __mul__(self, y):
        y = _as_value(y)
        z = Value(self.data * y.data, (self, y), '*')
        def _backward():
            self.grad += z.grad * y.data
            y.grad += z.grad * self.data
        z._backward = _backward
        return z

    def __add__(self, y):
        y = _as_value(y)
        z = Value(self.data + y.data, (self, y), '+')
        def _backward():
            self.grad += z.grad
            y.grad += z.grad
        z._backward = _backward
        return z

    def __pow__(self, n):
        assert isinstance(n, (int, float)), "only supporting int/float powers for now"
        z = Value(self.data**n, (self,), f'**{n}')
        def _backward():
            self.grad += z.grad * (n * self.data**(n-1))
        z._backward = _backward
        return z

    def log(self):
        z = Value(_log(self.data), (self,), 'log')
        def _backward():
            self.grad += z.grad * self.data**-1
        z._backward = _backward
        return z

    def exp(self):
        z = Value(_exp(self.data), (self,), 'exp')
        def _backward():
            self.grad += z.grad * z.data
        z._backward = _backward
        return z

    def tanh(self):
        z = Value(_tanh(self.data), (self,), 'tanh')
        def _backward():
            self.grad += z.grad * (1 - z.data**2)
        z._backward = _backward
        return z

    def relu(self):
        z = Value(self.data if self.data > 0 else 0, (self,), 'ReLU')
        def _backward():
            self.grad += z.grad * (z.data > 0)
        z._backward = _backward
        return z

    # ---- derived ops
    def __rmul__(self, y):
        return self * y

    def __radd__(self, y):
        return self + y

    def __neg__(self):
        return self * -1

    def __sub__(self, y):
        return self + (-y)

    def __rsub__(self, y):
        return y + (-self)

    def __truediv__(self, y):
        return self * y**-1

    def __rtruediv__(self, y):
        return y * self**-1

    # ---- backprop
    def backward(self):
        order, done = [], set()
        def go(v):
            if v not in done:
                done.add(v)
                for c in v._prev:
                    go(c)
                order.append(v)
        go(self)
        self.grad = 1
        for v in order[::-1]:
            v._backward()
