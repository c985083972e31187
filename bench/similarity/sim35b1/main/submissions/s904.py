import math

class Value:
    # autograd scalar (Tobias Weiss)

    def __init__(self, data, _children=(), _op=''):
        self.data = data
        self.grad = 0
        self._backward = lambda: None
        self._prev = set(_children)
        self._op = _op

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"

    def __neg__(self): # -self
        return self * -1

    def __radd__(self, b): # b + self
        return self + b

    def __sub__(self, b): # self - b
        return self + (-b)

    def __rsub__(self, b): # b - self
        return b + (-self)

    def __rmul__(self, b): # b * self
        return self * b

    def __truediv__(self, b): # self / b
        return self * b**-1

    def __rtruediv__(self, b): # b / self
        return b * self**-1

    def __add__(self, b):
        b = b if isinstance(b, Value) else Value(b)
        c = Value(self.data + b.data, (self, b), '+')

        def _backward():
            self.grad += c.grad
            b.grad += c.grad
        c._backward = _backward
        return c

    def __mul__(self, b):
        b = b if isinstance(b, Value) else Value(b)
        c = Value(self.data * b.data, (self, b), '*')

        def _backward():
            self.grad += b.data * c.grad
            b.grad += self.data * c.grad
        c._backward = _backward
        return c

    def __pow__(self, b):
        assert isinstance(b, (int, float)), "only supporting int/float powers for now"
        c = Value(self.data**b, (self,), f'**{b}')

        def _backward():
            self.grad += (b * self.data**(b-1)) * c.grad
        c._backward = _backward
        return c

    def exp(self):
        c = Value(math.exp(self.data), (self,), 'exp')
        def _backward():
            self.grad += c.data * c.grad
        c._backward = _backward
        return c

    def log(self):
        c = Value(math.log(self.data), (self,), 'log')
        def _backward():
            self.grad += 1 / self.data * c.grad
        c._backward = _backward
        return c

    def tanh(self):
        c = Value(math.tanh(self.data), (self,), 'tanh')
        def _backward():
            self.grad += (1 - c.data**2) * c.grad
        c._backward = _backward
        return c

    def relu(self):
        c = Value(0 if self.data < 0 else self.data, (self,), 'ReLU')

        def _backward():
            self.grad += (c.data > 0) * c.grad
        c._backward = _backward
        return c

    def backward(self):

        seq = []
        visited = set()
        def build(x):
            if x not in visited:
                visited.add(x)
                for child in x._prev:
                    build(child)
                seq.append(x)
        build(self)

        self.grad = 1
        for x in reversed(seq):
            x._backward()
