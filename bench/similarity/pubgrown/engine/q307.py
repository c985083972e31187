import math



class Value:
    """ stores a single scalar value and its gradient """

    def __init__(self, data, _children=(), _op=''):
        self.data = data
        self.grad = 0
        self._backward = lambda: None
        self._prev = set(_children)
        self._op = _op

    def __add__(self, b):
        b = b if isinstance(b, Value) else Value(b)
        y = Value(self.data + b.data, (self, b), '+')

        def _backward():
            self.grad += y.grad
            b.grad += y.grad
        y._backward = _backward

        return y

    def __mul__(self, b):
        b = b if isinstance(b, Value) else Value(b)
        y = Value(self.data * b.data, (self, b), '*')

        def _backward():
            self.grad += b.data * y.grad
            b.grad += self.data * y.grad
        y._backward = _backward

        return y

    def __pow__(self, b):
        assert isinstance(b, (int, float)), "only supporting int/float powers for now"
        y = Value(self.data**b, (self,), f'**{b}')

        def _backward():
            self.grad += (b * self.data**(b-1)) * y.grad
        y._backward = _backward

        return y

    def relu(self):
        y = Value(0 if self.data < 0 else self.data, (self,), 'ReLU')

        def _backward():
            self.grad += (y.data > 0) * y.grad
        y._backward = _backward

        return y

    def exp(self):
        ev = math.exp(self.data)
        y = Value(ev, (self,), 'exp')

        def _backward():
            self.grad += ev * y.grad
        y._backward = _backward

        return y

    def log(self):
        if self.data <= 0:
            raise ValueError(f"log needs a positive input, got {self.data}")
        y = Value(math.log(self.data), (self,), 'log')

        def _backward():
            self.grad += y.grad * self.data**-1
        y._backward = _backward

        return y

    def tanh(self):
        ex2 = (self * 2).exp()
        return (ex2 - 1) / (ex2 + 1)

    def sqrt(self):
        return self ** 0.5

    @staticmethod
    def mean(items):
        items = list(items)
        return total(items) / len(items)

    def backward(self):

        nodes = []
        seen = set()
        def walk(v):
            if v not in seen:
                seen.add(v)
                for child in v._prev:
                    walk(child)
                nodes.append(v)
        walk(self)

        self.grad = 1
        for v in reversed(nodes):
            v._backward()

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


def total(items):
    """Add up a list of Values."""
    running = Value(0.0)
    for v in items:
        running = running + v
    return running
