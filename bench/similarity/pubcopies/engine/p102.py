import math


class Value:
    """A number that remembers how it was computed."""

    def __init__(self, data, _children=(), _op=''):
        self.data = data
        self.grad = 0
        self._backward = lambda: None
        self._prev = set(_children)
        self._op = _op

    def __repr__(self):
        return "Value(data={}, grad={})".format(self.data, self.grad)

    def backward(self):
        """Backpropagate from this node."""
        ordering = []
        seen = set()

        def visit(node):
            if node not in seen:
                seen.add(node)
                for parent in node._prev:
                    visit(parent)
                ordering.append(node)
        visit(self)
        self.grad = 1
        i = len(ordering) - 1
        while i >= 0:
            ordering[i]._backward()
            i -= 1

    def __radd__(self, rhs):
        return self + rhs

    def __rmul__(self, rhs):
        return self * rhs

    def __neg__(self):
        return self * -1

    def __sub__(self, rhs):
        return self + (-rhs)

    def __rsub__(self, rhs):
        return rhs + (-self)

    def __truediv__(self, rhs):
        return self * rhs**-1

    def __rtruediv__(self, rhs):
        return rhs * self**-1

    def __add__(self, rhs):
        if not isinstance(rhs, Value):
            rhs = Value(rhs)
        result = Value(self.data + rhs.data, (self, rhs), '+')

        def _backward():
            self.grad = self.grad + result.grad
            rhs.grad = rhs.grad + result.grad
        result._backward = _backward
        return result

    def __mul__(self, rhs):
        if not isinstance(rhs, Value):
            rhs = Value(rhs)
        result = Value(self.data * rhs.data, (self, rhs), '*')

        def _backward():
            self.grad = self.grad + rhs.data * result.grad
            rhs.grad = rhs.grad + self.data * result.grad
        result._backward = _backward
        return result

    def __pow__(self, k):
        assert isinstance(k, (int, float)), "only supporting int/float powers for now"
        result = Value(self.data**k, (self,), f'**{k}')

        def _backward():
            self.grad = self.grad + (k * self.data**(k-1)) * result.grad
        result._backward = _backward
        return result

    def exp(self):
        x = self.data
        result = Value(math.exp(x), (self, ), 'exp')

        def _backward():
            self.grad = self.grad + result.data * result.grad
        result._backward = _backward
        return result

    def log(self):
        result = Value(math.log(self.data), (self, ), 'log')

        def _backward():
            self.grad = self.grad + (1 / self.data) * result.grad
        result._backward = _backward
        return result

    def tanh(self):
        x = self.data
        t = (math.exp(2*x) - 1)/(math.exp(2*x) + 1)
        result = Value(t, (self, ), 'tanh')

        def _backward():
            self.grad = self.grad + (1 - t**2) * result.grad
        result._backward = _backward
        return result

    def relu(self):
        result = Value(0 if self.data < 0 else self.data, (self,), 'ReLU')

        def _backward():
            self.grad = self.grad + (result.data > 0) * result.grad
        result._backward = _backward
        return result
