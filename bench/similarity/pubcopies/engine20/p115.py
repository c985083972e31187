import math

class Value:
    """A number that remembers how it was computed."""

    def __init__(self, data, parents=(), _label=''):
        self.data = data
        self.grad = 0
        # graph bookkeeping
        self._backward = lambda: None
        self._prev = set(parents)
        self._label = _label  # which op made it

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
        res = Value(math.tanh(self.data), (self,), 'tanh')

        def _backward():
            self.grad += (1 - res.data**2) * res.grad
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
            self.grad += res.grad / self.data
        res._backward = _backward

        return res

    def backward(self):

        # children before parents
        order = []
        seen = set()
        def visit(v):
            if v not in seen:
                seen.add(v)
                for p in v._prev:
                    visit(p)
                order.append(v)
        visit(self)

        # chain rule, last node first
        self.grad = 1
        for v in reversed(order):
            v._backward()

    def __neg__(self): # -self
        return self * -1

    def __radd__(self, rhs): # rhs + self
        return self + rhs

    def __sub__(self, rhs): # self - rhs
        return self + (-rhs)

    def __rsub__(self, rhs): # rhs - self
        return rhs + (-self)

    def __rmul__(self, rhs): # rhs * self
        return self * rhs

    def __truediv__(self, rhs): # self / rhs
        return self * rhs**-1

    def __rtruediv__(self, rhs): # rhs / self
        return rhs * self**-1

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"
