import math


class Value:
    """ stores a single scalar value and its gradient """

    def __init__(self, data, _children=(), _op=''):
        self.data = data
        self.grad = 0
        self._backward = lambda: None
        self._prev = set(_children)
        self._op = _op

    def __add__(self, rhs):
        rhs = rhs if isinstance(rhs, Value) else Value(rhs)
        res = Value(self.data + rhs.data, (self, rhs), '+')

        def _backward():
            self.grad += res.grad
            rhs.grad += res.grad
        res._backward = _backward

        return res

    def __mul__(self, rhs):
        rhs = rhs if isinstance(rhs, Value) else Value(rhs)
        res = Value(self.data * rhs.data, (self, rhs), '*')

        def _backward():
            self.grad += rhs.data * res.grad
            rhs.grad += self.data * res.grad
        res._backward = _backward

        return res

    def __pow__(self, rhs):
        assert isinstance(rhs, (int, float)), "only supporting int/float powers for now"
        res = Value(self.data**rhs, (self,), f'**{rhs}')

        def _backward():
            self.grad += (rhs * self.data**(rhs-1)) * res.grad
        res._backward = _backward

        return res

    def relu(self):
        res = Value(0 if self.data < 0 else self.data, (self,), 'ReLU')

        def _backward():
            self.grad += (res.data > 0) * res.grad
        res._backward = _backward

        return res

    def tanh(self):
        x = self.data
        t = (math.exp(2*x) - 1)/(math.exp(2*x) + 1)
        res = Value(t, (self,), 'tanh')

        def _backward():
            self.grad += (1 - t**2) * res.grad
        res._backward = _backward

        return res

    def exp(self):
        res = Value(math.exp(self.data), (self,), 'exp')

        def _backward():
            self.grad += res.data * res.grad
        res._backward = _backward

        return res

    def log(self):
        res = Value(math.log(self.data), (self,), 'log')

        def _backward():
            self.grad += (1 / self.data) * res.grad
        res._backward = _backward

        return res

    def backward(self):

        ordering = []
        marked = set()
        def add_all(v):
            if v not in marked:
                marked.add(v)
                for child in v._prev:
                    add_all(child)
                ordering.append(v)
        add_all(self)

        self.grad = 1
        for v in reversed(ordering):
            v._backward()

    def __neg__(self):
        return self * -1

    def __radd__(self, rhs):
        return self + rhs

    def __sub__(self, rhs):
        return self + (-rhs)

    def __rsub__(self, rhs):
        return rhs + (-self)

    def __rmul__(self, rhs):
        return self * rhs

    def __truediv__(self, rhs):
        return self * rhs**-1

    def __rtruediv__(self, rhs):
        return rhs * self**-1

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"
