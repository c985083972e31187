# engine.py -- Olek
import math

class Value:
    """a number that knows its gradient"""

    def __init__(self, data, _kids=(), _label=''):
        self.data = data
        self.grad = 0
        self._backward = lambda: None
        self._kids = set(_kids)
        self._label = _label

    def __add__(self, that):
        that = that if isinstance(that, Value) else Value(that)
        res = Value(self.data + that.data, (self, that), '+')

        def _backward():
            self.grad += res.grad
            that.grad += res.grad
        res._backward = _backward

        return res

    def __mul__(self, that):
        that = that if isinstance(that, Value) else Value(that)
        res = Value(self.data * that.data, (self, that), '*')

        def _backward():
            self.grad += that.data * res.grad
            that.grad += self.data * res.grad
        res._backward = _backward

        return res

    def __pow__(self, that):
        assert isinstance(that, (int, float)), "only supporting int/float powers for now"
        res = Value(self.data**that, (self,), f'**{that}')

        def _backward():
            self.grad += (that * self.data**(that-1)) * res.grad
        res._backward = _backward

        return res

    def relu(self):
        res = Value(0 if self.data < 0 else self.data, (self,), 'ReLU')

        def _backward():
            self.grad += (res.data > 0) * res.grad
        res._backward = _backward

        return res

    def exp(self):
        res = Value(math.exp(self.data), (self,), 'exp')
        def _backward():
            self.grad += res.data * res.grad
        res._backward = _backward
        return res

    def log(self):
        x = self.data
        res = Value(math.log(x), (self,), 'log')
        def _backward():
            self.grad += res.grad * (1.0 / x)
        res._backward = _backward
        return res

    def tanh(self):
        res = Value(math.tanh(self.data), (self,), 'tanh')
        def _backward():
            self.grad += (1 - res.data ** 2) * res.grad
        res._backward = _backward
        return res

    def backward(self):

        # topological order all of the children in the graph
        nodes = []
        done = set()
        def dfs(v):
            if v not in done:
                done.add(v)
                for kid in v._kids:
                    dfs(kid)
                nodes.append(v)
        dfs(self)

        # go one variable at a time and apply the chain rule to get its gradient
        self.grad = 1
        for v in reversed(nodes):
            v._backward()

    def __neg__(self): # -self
        return self * -1

    def __radd__(self, that): # that + self
        return self + that

    def __sub__(self, that): # self - that
        return self + (-that)

    def __rsub__(self, that): # that - self
        return that + (-self)

    def __rmul__(self, that): # that * self
        return self * that

    def __truediv__(self, that): # self / that
        return self * that**-1

    def __rtruediv__(self, that): # that / self
        return that * self**-1

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"
