import math


class Value:
    """scalar + grad"""

    def __init__(self, data, _parents=(), _op=''):
        self.data = data
        self.grad = 0
        # graph bookkeeping
        self._backward = lambda: None
        self._prev = set(_parents)
        self._op = _op # which op made it

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
        th = (math.exp(2 * x) - 1) / (math.exp(2 * x) + 1) if abs(x) < 20 else math.copysign(1.0, x)
        res = Value(th, (self,), 'tanh')

        def _backward():
            self.grad += (1 - th**2) * res.grad
        res._backward = _backward

        return res

    def backward(self):

        # sort the graph
        order = []
        done = set()
        def visit(node):
            if node not in done:
                done.add(node)
                for p in node._prev:
                    visit(p)
                order.append(node)
        visit(self)

        # chain rule, last node first
        self.grad = 1
        for node in reversed(order):
            node._backward()

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
