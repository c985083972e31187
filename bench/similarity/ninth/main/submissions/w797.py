import math

class Value:
    """A scalar with its gradient."""

    def __init__(self, data, _children=(), _op=''):
        self.data = data
        self.grad = 0
        # graph bookkeeping
        self._backward = lambda: None
        self._prev = set(_children)
        self._op = _op # which operation made it

    def __add__(self, rhs):
        rhs = rhs if isinstance(rhs, Value) else Value(rhs)
        result = Value(self.data + rhs.data, (self, rhs), '+')

        def _backward():
            self.grad += result.grad
            rhs.grad += result.grad
        result._backward = _backward

        return result

    def __mul__(self, rhs):
        rhs = rhs if isinstance(rhs, Value) else Value(rhs)
        result = Value(self.data * rhs.data, (self, rhs), '*')

        def _backward():
            self.grad += rhs.data * result.grad
            rhs.grad += self.data * result.grad
        result._backward = _backward

        return result

    def __pow__(self, rhs):
        assert isinstance(rhs, (int, float)), "only supporting int/float powers for now"
        result = Value(self.data**rhs, (self,), f'**{rhs}')

        def _backward():
            self.grad += (rhs * self.data**(rhs-1)) * result.grad
        result._backward = _backward

        return result

    def relu(self):
        result = Value(0 if self.data < 0 else self.data, (self,), 'ReLU')

        def _backward():
            self.grad += (result.data > 0) * result.grad
        result._backward = _backward

        return result

    def tanh(self):
        x = self.data
        t = (math.exp(2*x) - 1)/(math.exp(2*x) + 1)
        result = Value(t, (self, ), 'tanh')

        def _backward():
            self.grad += (1 - t**2) * result.grad
        result._backward = _backward

        return result

    def backward(self):

        # order the graph so inputs come first
        order = []
        seen = set()
        def visit(v):
            if v not in seen:
                seen.add(v)
                for c in v._prev:
                    visit(c)
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
