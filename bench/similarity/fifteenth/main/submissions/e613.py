import math


class Value:

    def __init__(self, data, _children=(), _op='', /):
        self.data = data
        self.grad = 0
        self._backward = lambda: None
        self._prev = set(_children)
        self._op = _op

    def __add__(self, b, /):
        b = b if isinstance(b, Value) else Value(b)
        node = Value(self.data + b.data, (self, b), '+')

        def _backward():
            self.grad += node.grad
            b.grad += node.grad
        node._backward = _backward

        return node

    def __mul__(self, b, /):
        b = b if isinstance(b, Value) else Value(b)
        node = Value(self.data * b.data, (self, b), '*')

        def _backward():
            self.grad += b.data * node.grad
            b.grad += self.data * node.grad
        node._backward = _backward

        return node

    def __rmul__(self, b, /): # b * self
        return self * b

    def __pow__(self, b, /):
        assert isinstance(b, (int, float)), "only supporting int/float powers for now"
        node = Value(self.data**b, (self,), f'**{b}')

        def _backward():
            self.grad += (b * self.data**(b-1)) * node.grad
        node._backward = _backward

        return node

    def exp(self, /):
        node = Value(math.exp(self.data), (self,), 'exp')
        def _backward():
            self.grad += math.exp(self.data) * node.grad
        node._backward = _backward
        return node

    def tanh(self, /):
        ex2 = (2 * self).exp()
        return (ex2 + -1) / (1 + ex2)

    def relu(self, /):
        node = Value(0 if self.data < 0 else self.data, (self,), 'ReLU')

        def _backward():
            self.grad += (node.data > 0) * node.grad
        node._backward = _backward

        return node

    def log(self, /):
        node = Value(math.log(self.data), (self,), 'log')
        def _backward():
            self.grad += node.grad / self.data
        node._backward = _backward
        return node

    def backward(self, /):

        seq = []
        seen = set()
        def walk(v, /):
            if v not in seen:
                seen.add(v)
                for child in v._prev:
                    walk(child)
                seq.append(v)
        walk(self)

        self.grad = 1
        for v in reversed(seq):
            v._backward()

    def __neg__(self, /): # -self
        return self * -1

    def __radd__(self, b, /): # b + self
        return self + b

    def __sub__(self, b, /): # self - b
        return self + (-b)

    def __rsub__(self, b, /): # b - self
        return b + (-self)

    def __truediv__(self, b, /): # self / b
        return self * (b ** -1)

    def __rtruediv__(self, b, /): # b / self
        return b * self**-1

    def __repr__(self, /):
        return "Value(data=" + str(self.data) + ", grad=" + str(self.grad) + ")"

