import math

class Value:
    """ stores a single scalar value and its gradient """

    def __init__(self, data, _children=(), _op=''):
        self.data = data
        self.grad = 0
        self._backward = lambda: None
        self._prev = set(_children)
        self._op = _op

    def __neg__(self): # -self
        return self * -1

    def __sub__(self, o): # self - o
        return self + (-o)

    def __add__(self, o):
        if not isinstance(o, Value):
            o = Value(o)
        result = Value(self.data + o.data, (self, o), '+')

        def _backward():
            self.grad += result.grad
            o.grad += result.grad
        result._backward = _backward
        del _backward

        return result

    def __mul__(self, o):
        if not isinstance(o, Value):
            o = Value(o)
        result = Value(self.data * o.data, (self, o), '*')

        def _backward():
            self.grad += o.data * result.grad
            o.grad += self.data * result.grad
        result._backward = _backward
        del _backward

        return result

    def __pow__(self, o):
        assert isinstance(o, (int, float)), "only supporting int/float powers for now"
        result = Value(self.data**o, (self,), f'**{o}')

        def _backward():
            self.grad += (o * self.data**(o-1)) * result.grad
        result._backward = _backward
        del _backward

        return result

    def tanh(self):
        val = self.data
        t = (math.exp(2*val) - 1)/(math.exp(2*val) + 1)
        result = Value(t, (self, ), 'tanh')

        def _backward():
            self.grad += (1 - t**2) * result.grad
        result._backward = _backward
        del _backward

        return result

    def exp(self):
        val = self.data
        result = Value(math.exp(val), (self, ), 'exp')

        def _backward():
            self.grad += result.data * result.grad
        result._backward = _backward
        del _backward

        return result

    def log(self):
        val = self.data
        result = Value(math.log(val), (self, ), 'log')

        def _backward():
            self.grad += result.grad / val
        result._backward = _backward
        del _backward

        return result

    def relu(self):
        result = Value(0 if self.data < 0 else self.data, (self,), 'ReLU')

        def _backward():
            self.grad += (result.data > 0) * result.grad
        result._backward = _backward
        del _backward

        return result

    def backward(self):

        ordering = []
        done = set()
        def visit(v):
            nonlocal done
            if v not in done:
                done |= {v}
                for child in v._prev:
                    visit(child)
                ordering.append(v)
        visit(self)

        self.grad = 1.0
        for v in ordering[::-1]:
            v._backward()

    def __radd__(self, o): # o + self
        return self + o

    def __rsub__(self, o): # o - self
        return o + (-self)

    def __rmul__(self, o): # o * self
        return self * o

    def __truediv__(self, o): # self / o
        return self * o**-1

    def __rtruediv__(self, o): # o / self
        return o * self**-1

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"
