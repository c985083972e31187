from math import exp as _exp, log as _log, tanh as _tanh


class Value:
    """stores one scalar value and its gradient"""

    def __init__(self, data, _children=(), _op=''):
        self.data = data
        self.grad = 0
        # graph construction
        self._backward = lambda: None
        self._prev = set(_children)
        self._op = _op  # which op made this node

    def __add__(self, rhs):
        rhs = rhs if isinstance(rhs, Value) else Value(rhs)
        y = Value(self.data + rhs.data, (self, rhs), '+')
        def _backward():
            self.grad += y.grad
            rhs.grad += y.grad
        y._backward = _backward
        return y

    def __radd__(self, lhs):  # lhs + self
        return self + lhs

    def __neg__(self):  # -self
        return self * -1

    def __sub__(self, rhs):  # self - rhs
        return self + (-rhs)

    def __rsub__(self, lhs):  # lhs - self
        return lhs + (-self)

    def __mul__(self, rhs):
        rhs = rhs if isinstance(rhs, Value) else Value(rhs)
        y = Value(self.data * rhs.data, (self, rhs), '*')
        def _backward():
            self.grad += rhs.data * y.grad
            rhs.grad += self.data * y.grad
        y._backward = _backward
        return y

    def __rmul__(self, lhs):  # lhs * self
        return self * lhs

    def __pow__(self, p):
        assert isinstance(p, (int, float)), "only supporting int/float powers for now"
        y = Value(self.data**p, (self,), f'**{p}')
        def _backward():
            self.grad += (p * self.data**(p-1)) * y.grad
        y._backward = _backward
        return y

    def __truediv__(self, rhs):  # self / rhs
        return self * rhs**-1

    def __rtruediv__(self, lhs):  # lhs / self
        return lhs * self**-1

    def relu(self):
        y = Value(0 if self.data < 0 else self.data, (self,), 'ReLU')
        def _backward():
            self.grad += (y.data > 0) * y.grad
        y._backward = _backward
        return y

    def tanh(self):
        y = Value(_tanh(self.data), (self,), 'tanh')
        def _backward():
            self.grad += (1 - y.data**2) * y.grad
        y._backward = _backward
        return y

    def exp(self):
        y = Value(_exp(self.data), (self,), 'exp')
        def _backward():
            self.grad += y.data * y.grad
        y._backward = _backward
        return y

    def log(self):
        y = Value(_log(self.data), (self,), 'log')
        def _backward():
            self.grad += y.grad / self.data
        y._backward = _backward
        return y

    def backward(self):
        # topological order of all children, then chain rule one node at a time
        topo, visited = [], set()
        def build_topo(v):
            if v not in visited:
                visited.add(v)
                for child in v._prev:
                    build_topo(child)
                topo.append(v)
        build_topo(self)
        self.grad = 1
        for v in reversed(topo):
            v._backward()

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"
