import math


class Value:
    """ a scalar and its gradient """

    def __init__(self, data, _children=(), _op=''):
        self.data = data
        self.grad = 0
        # graph bookkeeping
        self._backward = lambda: None
        self._prev = set(_children)
        self._op = _op # which op made me

    def __add__(self, o):
        o = o if isinstance(o, Value) else Value(o)
        result = Value(self.data + o.data, (self, o), '+')

        def _backward():
            self.grad += result.grad
            o.grad += result.grad
        result._backward = _backward

        return result

    def __mul__(self, o):
        o = o if isinstance(o, Value) else Value(o)
        result = Value(self.data * o.data, (self, o), '*')

        def _backward():
            self.grad += o.data * result.grad
            o.grad += self.data * result.grad
        result._backward = _backward

        return result

    def __pow__(self, o):
        assert isinstance(o, (int, float)), "only supporting int/float powers for now"
        result = Value(self.data**o, (self,), f'**{o}')

        def _backward():
            self.grad += (o * self.data**(o-1)) * result.grad
        result._backward = _backward

        return result

    def relu(self):
        result = Value(0 if self.data < 0 else self.data, (self,), 'ReLU')

        def _backward():
            self.grad += (result.data > 0) * result.grad
        result._backward = _backward

        return result

    def exp(self):
        result = Value(math.exp(self.data), (self,), 'exp')
        def _backward():
            self.grad += result.data * result.grad
        result._backward = _backward
        return result

    def log(self):
        result = Value(math.log(self.data), (self,), 'log')
        def _backward():
            self.grad += result.grad / self.data
        result._backward = _backward
        return result

    def tanh(self):
        e = math.exp(2 * self.data)
        th = (e - 1) / (e + 1)
        result = Value(th, (self,), 'tanh')
        def _backward():
            self.grad += (1 - th * th) * result.grad
        result._backward = _backward
        return result

    def backward(self):

        # sort the graph so that children come first
        nodes = []
        seen = set()
        def visit(v):
            if v not in seen:
                seen.add(v)
                for ch in v._prev:
                    visit(ch)
                nodes.append(v)
        visit(self)

        # chain rule, from the output down
        self.grad = 1
        for v in reversed(nodes):
            v._backward()

    def __neg__(self): # -self
        return self * -1

    def __radd__(self, o): # o + self
        return self + o

    def __sub__(self, o): # self - o
        return self + (-o)

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
