import math


def _wrap(x):
    if isinstance(x, Value):
        return x
    return Value(x)


class Value:

    def __init__(self, data, prev=(), op=''):
        self.data = data
        self.grad = 0
        self._prev = set(prev)
        self._op = op
        self._backward = lambda: None

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"

    def __neg__(self): # -self
        return self * -1

    def __radd__(self, other): # other + self
        return self + other

    def __rmul__(self, other): # other * self
        return self * other

    def __sub__(self, other): # self - other
        return self + (-other)

    def __rsub__(self, other): # other - self
        return other + (-self)

    def __truediv__(self, other): # self / other
        return self * other**-1

    def __rtruediv__(self, other): # other / self
        return other * self**-1

    def __mul__(self, other):
        other = _wrap(other)
        node = Value(self.data * other.data, (self, other), '*')

        def _backward():
            self.grad = self.grad + other.data * node.grad
            other.grad = other.grad + self.data * node.grad
        node._backward = _backward
        return node

    def __add__(self, other):
        other = _wrap(other)
        node = Value(self.data + other.data, (self, other), '+')

        def _backward():
            self.grad = self.grad + node.grad
            other.grad = other.grad + node.grad
        node._backward = _backward
        return node

    def __pow__(self, other):
        assert isinstance(other, (int, float)), "only supporting int/float powers for now"
        node = Value(self.data**other, (self,), f'**{other}')

        def _backward():
            self.grad = self.grad + (other * self.data**(other-1)) * node.grad
        node._backward = _backward
        return node

    def tanh(self):
        y = math.tanh(self.data)
        node = Value(y, (self,), 'tanh')

        def _backward():
            self.grad = self.grad + (1 - y*y) * node.grad
        node._backward = _backward
        return node

    def exp(self):
        node = Value(math.exp(self.data), (self,), 'exp')

        def _backward():
            self.grad = self.grad + node.data * node.grad
        node._backward = _backward
        return node

    def log(self):
        node = Value(math.log(self.data), (self,), 'log')

        def _backward():
            self.grad = self.grad + node.grad / self.data
        node._backward = _backward
        return node

    def relu(self):
        node = Value(self.data if self.data > 0 else 0, (self,), 'ReLU')

        def _backward():
            self.grad = self.grad + (node.data > 0) * node.grad
        node._backward = _backward
        return node

    def backward(self):
        order, seen = [], set()

        def visit(v):
            if v in seen:
                return
            seen.add(v)
            for c in v._prev:
                visit(c)
            order.append(v)
        visit(self)

        self.grad = 1
        for v in order[::-1]:
            v._backward()
