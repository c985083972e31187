import math
import sys

sys.setrecursionlimit(10000)

class Value:
    """ stores a single scalar value and its gradient """

    def backward(self):

        topo_order = []
        vis = set()
        def add_node(vv):
            if vv not in vis:
                vis.add(vv)
                for k in vv._parents:
                    add_node(k)
                topo_order.append(vv)
        add_node(self)

        self.grad = 1
        for vv in reversed(topo_order):
            vv._backward()

    def __init__(self, data, _children=(), _operation=''):
        self.data = data
        self.grad = 0
        self._backward = lambda: None
        self._parents = set(_children)
        self._operation = _operation

    def __add__(self, x):
        x = x if isinstance(x, Value) else Value(x)
        y = Value(self.data + x.data, (self, x), '+')

        def _backward():
            self.grad = self.grad + y.grad
            x.grad = x.grad + y.grad
        y._backward = _backward

        return y

    def __mul__(self, x):
        x = x if isinstance(x, Value) else Value(x)
        y = Value(self.data * x.data, (self, x), '*')

        def _backward():
            self.grad = self.grad + x.data * y.grad
            x.grad = x.grad + self.data * y.grad
        y._backward = _backward

        return y

    def relu(self):
        y = Value(0 if self.data < 0 else self.data, (self,), 'ReLU')

        def _backward():
            self.grad = self.grad + (y.data > 0) * y.grad
        y._backward = _backward

        return y

    def __pow__(self, x):
        assert isinstance(x, (int, float)), 'only supporting int/float powers for now'
        y = Value(self.data**x, (self,), f'**{x}')

        def _backward():
            self.grad = self.grad + ((x * self.data**(x-1)) * y.grad)
        y._backward = _backward

        return y

    def log(self):
        y = Value(math.log(self.data), (self,), 'log')

        def _backward():
            self.grad = self.grad + (1 / self.data) * y.grad
        y._backward = _backward

        return y

    def exp(self):
        y = Value(math.exp(self.data), (self,), 'exp')

        def _backward():
            self.grad = self.grad + y.data * y.grad
        y._backward = _backward

        return y

    def tanh(self):
        t = math.tanh(self.data)
        y = Value(t, (self,), 'tanh')

        def _backward():
            self.grad = self.grad + ((1 - t**2) * y.grad)
        y._backward = _backward

        return y

    def __neg__(self):
        return self * -1

    def __radd__(self, x):
        return self + x

    def __sub__(self, x):
        return self + (-x)

    def __rsub__(self, x):
        return x + (-self)

    def __rmul__(self, x):
        return self * x

    def __truediv__(self, x):
        return self * x**-1

    def __rtruediv__(self, x):
        return x * self**-1

    def __repr__(self):
        return f'Value(data={self.data}, grad={self.grad})'


Scalar = Value
