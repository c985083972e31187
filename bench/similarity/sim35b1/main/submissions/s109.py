import math

class Value:

    def __init__(self, data, _children=(), _op=''):
        self.data = data
        self.grad = 0

        self._backward = lambda: None
        self._prev = set(_children)
        self._op = _op

    def __add__(self, y):
        y = y if isinstance(y, Value) else Value(y)
        z = Value(self.data + y.data, (self, y), '+')

        def _backward():
            self.grad += z.grad
            y.grad += z.grad
        z._backward = _backward

        return z

    def __mul__(self, y):
        y = y if isinstance(y, Value) else Value(y)
        z = Value(self.data * y.data, (self, y), '*')

        def _backward():
            self.grad += y.data * z.grad
            y.grad += self.data * z.grad
        z._backward = _backward

        return z

    def __pow__(self, y):
        assert isinstance(y, (int, float)), "only supporting int/float powers for now"
        z = Value(self.data**y, (self,), f'**{y}')

        def _backward():
            self.grad += (y * self.data**(y-1)) * z.grad
        z._backward = _backward

        return z

    def relu(self):
        z = Value(0 if self.data < 0 else self.data, (self,), 'ReLU')

        def _backward():
            self.grad += (z.data > 0) * z.grad
        z._backward = _backward

        return z

    def tanh(self):
        t = (math.e**(2*self.data) - 1)/(math.e**(2*self.data) + 1)
        z = Value(t, (self,), 'tanh')

        def _backward():
            self.grad += (1 - t**2) * z.grad
        z._backward = _backward

        return z

    def exp(self):
        z = Value(math.exp(self.data), (self,), 'exp')

        def _backward():
            self.grad += z.data * z.grad
        z._backward = _backward

        return z

    def log(self):
        z = Value(math.log(self.data), (self,), 'log')

        def _backward():
            self.grad += (1 / self.data) * z.grad
        z._backward = _backward

        return z

    def backward(self):

        nodes = []
        visited = set()
        def collect(n):
            if n not in visited:
                visited.add(n)
                for child in n._prev:
                    collect(child)
                nodes.append(n)
        collect(self)

        self.grad = 1
        for n in reversed(nodes):
            n._backward()

    def __neg__(self):
        return self * -1

    def __radd__(self, y):
        return self + y

    def __sub__(self, y):
        return self + (-y)

    def __rsub__(self, y):
        return y + (-self)

    def __rmul__(self, y):
        return self * y

    def __truediv__(self, y):
        return self * y**-1

    def __rtruediv__(self, y):
        return y * self**-1

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"
