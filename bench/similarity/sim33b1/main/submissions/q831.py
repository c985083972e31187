import math


class Value:
    """ a scalar and its gradient """

    def __init__(self, data, _children=(), _op=''):
        self.data = data
        self.grad = 0
        self._backward = lambda: None
        self._prev = set(_children)
        self._op = _op

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"

    def backward(self):
        # topological order of everything below self
        topo = []
        seen = set()

        def build(node):
            if node not in seen:
                seen.add(node)
                for ch in node._prev:
                    build(ch)
                topo.append(node)

        build(self)
        self.grad = 1
        for node in reversed(topo):
            node._backward()

    def __add__(self, other):
        if not isinstance(other, Value):
            other = Value(other)
        res = Value(self.data + other.data, (self, other), '+')

        def _backward():
            self.grad = self.grad + res.grad
            other.grad = other.grad + res.grad
        res._backward = _backward
        return res

    def __radd__(self, other):
        return self + other

    def __mul__(self, other):
        if not isinstance(other, Value):
            other = Value(other)
        res = Value(self.data * other.data, (self, other), '*')

        def _backward():
            self.grad = self.grad + other.data * res.grad
            other.grad = other.grad + self.data * res.grad
        res._backward = _backward
        return res

    def __rmul__(self, other):
        return self * other

    def __pow__(self, other):
        assert isinstance(other, (int, float)), "only int/float powers"
        res = Value(self.data ** other, (self,), f'**{other}')

        def _backward():
            self.grad = self.grad + (other * self.data ** (other - 1)) * res.grad
        res._backward = _backward
        return res

    def __neg__(self):
        return self * -1

    def __sub__(self, other):
        return self + (-other)

    def __rsub__(self, other):
        return other + (-self)

    def __truediv__(self, other):
        return self * other ** -1

    def __rtruediv__(self, other):
        return other * self ** -1

    def relu(self):
        res = Value(0 if self.data < 0 else self.data, (self,), 'ReLU')

        def _backward():
            self.grad = self.grad + (res.data > 0) * res.grad
        res._backward = _backward
        return res

    def tanh(self):
        th = math.tanh(self.data)
        res = Value(th, (self,), 'tanh')

        def _backward():
            self.grad = self.grad + (1 - th ** 2) * res.grad
        res._backward = _backward
        return res

    def exp(self):
        res = Value(math.exp(self.data), (self,), 'exp')

        def _backward():
            self.grad = self.grad + res.data * res.grad
        res._backward = _backward
        return res

    def log(self):
        res = Value(math.log(self.data), (self,), 'log')

        def _backward():
            self.grad = self.grad + (1 / self.data) * res.grad
        res._backward = _backward
        return res
