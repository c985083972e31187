import math

class Value:
    """A scalar with its gradient (project 1, Owen Price)."""

    def __init__(self, data, _children=(), _op=''):
        self.data = data
        self.grad = 0
        # graph bookkeeping
        self._backward = lambda: None
        self._prev = set(_children)
        self._op = _op # which operation made it

    def __add__(self, rhs):
        rhs = rhs if isinstance(rhs, Value) else Value(rhs)
        ret = Value(self.data + rhs.data, (self, rhs), '+')

        def _backward():
            self.grad += ret.grad
            rhs.grad += ret.grad
        ret._backward = _backward

        return ret

    def __mul__(self, rhs):
        rhs = rhs if isinstance(rhs, Value) else Value(rhs)
        ret = Value(self.data * rhs.data, (self, rhs), '*')

        def _backward():
            self.grad += rhs.data * ret.grad
            rhs.grad += self.data * ret.grad
        ret._backward = _backward

        return ret

    def __pow__(self, rhs):
        assert isinstance(rhs, (int, float)), "only supporting int/float powers for now"
        ret = Value(self.data**rhs, (self,), f'**{rhs}')

        def _backward():
            self.grad += (rhs * self.data**(rhs-1)) * ret.grad
        ret._backward = _backward

        return ret

    def relu(self):
        ret = Value(0 if self.data < 0 else self.data, (self,), 'ReLU')

        def _backward():
            self.grad += (ret.data > 0) * ret.grad
        ret._backward = _backward

        return ret

    def tanh(self):
        th = (math.exp(2*self.data) - 1)/(math.exp(2*self.data) + 1)
        ret = Value(th, (self,), 'tanh')

        def _backward():
            self.grad += (1 - th**2) * ret.grad
        ret._backward = _backward

        return ret

    def exp(self):
        ret = Value(math.exp(self.data), (self,), 'exp')

        def _backward():
            self.grad += ret.data * ret.grad
        ret._backward = _backward

        return ret

    def log(self):
        ret = Value(math.log(self.data), (self,), 'log')

        def _backward():
            self.grad += (1 / self.data) * ret.grad
        ret._backward = _backward

        return ret

    def backward(self):

        # sort the graph
        ordering = []
        seen = set()
        def dfs(node):
            if node not in seen:
                seen.add(node)
                for child in node._prev:
                    dfs(child)
                ordering.append(node)
        dfs(self)

        # chain rule, output first
        self.grad = 1
        for node in reversed(ordering):
            node._backward()

    def __neg__(self): # -self
        return self * -1

    def __radd__(self, rhs): # rhs + self
        return self + rhs

    def __sub__(self, rhs): # self - rhs
        return self + (-rhs)

    def __rsub__(self, rhs): # rhs - self
        return rhs + (-self)

    def __rmul__(self, rhs): # rhs * self
        return self * rhs

    def __truediv__(self, rhs): # self / rhs
        return self * rhs**-1

    def __rtruediv__(self, rhs): # rhs / self
        return rhs * self**-1

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"
