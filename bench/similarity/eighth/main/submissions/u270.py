import math

class Value:
    """ stores a single scalar value and its gradient """

    def __init__(self, data, _children=(), _op=''):
        self.data = data
        self.grad = 0
        # internal variables used for autograd graph construction
        self._backward = lambda: None
        self._prev = set(_children)
        self._op = _op # the op that produced this node, for graphviz / debugging / etc

    def __add__(self, rhs):
        rhs = rhs if isinstance(rhs, Value) else Value(rhs)
        result = Value(self.data + rhs.data, (self, rhs), '+')

        def _backward():
            self.grad += result.grad
            rhs.grad += result.grad
        result._backward = _backward

        return result

    def __mul__(self, rhs):
        rhs = rhs if isinstance(rhs, Value) else Value(rhs)
        result = Value(self.data * rhs.data, (self, rhs), '*')

        def _backward():
            self.grad += rhs.data * result.grad
            rhs.grad += self.data * result.grad
        result._backward = _backward

        return result

    def __pow__(self, rhs):
        assert isinstance(rhs, (int, float)), "only supporting int/float powers for now"
        result = Value(self.data**rhs, (self,), f'**{rhs}')

        def _backward():
            self.grad += (rhs * self.data**(rhs-1)) * result.grad
        result._backward = _backward

        return result

    def relu(self):
        result = Value(0 if self.data < 0 else self.data, (self,), 'ReLU')

        def _backward():
            self.grad += (result.data > 0) * result.grad
        result._backward = _backward

        return result

    def exp(self):
        e = math.exp(self.data)
        result = Value(e, (self,), 'exp')

        def _backward():
            self.grad += e * result.grad
        result._backward = _backward

        return result

    def log(self):
        result = Value(math.log(self.data), (self,), 'log')

        def _backward():
            self.grad += self.data**-1 * result.grad
        result._backward = _backward

        return result

    def tanh(self): # via exp
        z = (self * 2).exp()
        return (z - 1) / (z + 1)

    def backward(self):

        # sort the graph
        order = []
        seen = set()
        def dfs(v):
            if v not in seen:
                seen.add(v)
                for child in v._prev:
                    dfs(child)
                order.append(v)
        dfs(self)

        # go one variable at a time and apply the chain rule to get its gradient
        self.grad = 1
        for v in reversed(order):
            v._backward()

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
