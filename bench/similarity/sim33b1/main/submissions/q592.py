import math


class Value:

    def __init__(self, data, _children=(), _label=''):
        self.data = data
        self.grad = 0

        self._grad_fn = lambda: None
        self._inputs = set(_children)
        self._label = _label

    def exp(self):
        y = Value(math.exp(self.data), (self,), 'exp')

        def _grad_fn():
            self.grad += y.data * y.grad
        y._grad_fn = _grad_fn

        return y

    def log(self):
        y = Value(math.log(self.data), (self,), 'log')

        def _grad_fn():
            self.grad += (1.0 / self.data) * y.grad
        y._grad_fn = _grad_fn

        return y

    def tanh(self):
        y = Value(math.tanh(self.data), (self,), 'tanh')

        def _grad_fn():
            self.grad += (1 - y.data ** 2) * y.grad
        y._grad_fn = _grad_fn

        return y

    def __add__(self, b):
        b = b if isinstance(b, Value) else Value(b)
        y = Value(self.data + b.data, (self, b), '+')

        def _grad_fn():
            self.grad += y.grad
            b.grad += y.grad
        y._grad_fn = _grad_fn

        return y

    def __mul__(self, b):
        b = b if isinstance(b, Value) else Value(b)
        y = Value(self.data * b.data, (self, b), '*')

        def _grad_fn():
            self.grad += b.data * y.grad
            b.grad += self.data * y.grad
        y._grad_fn = _grad_fn

        return y

    def __pow__(self, b):
        assert isinstance(b, (int, float)), "only supporting int/float powers for now"
        y = Value(self.data**b, (self,), f'**{b}')

        def _grad_fn():
            self.grad += (b * self.data**(b-1)) * y.grad
        y._grad_fn = _grad_fn

        return y

    def relu(self):
        y = Value(0 if self.data < 0 else self.data, (self,), 'ReLU')

        def _grad_fn():
            self.grad += (y.data > 0) * y.grad
        y._grad_fn = _grad_fn

        return y

    def backward(self):


        nodes = []
        marked = set()
        def dfs(n):
            if n not in marked:
                marked.add(n)
                for c in n._inputs:
                    dfs(c)
                nodes.append(n)
        dfs(self)


        self.grad = 1
        for n in reversed(nodes):
            n._grad_fn()

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

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"
