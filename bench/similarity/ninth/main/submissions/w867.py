import math

class Value:
    """ stores a single scalar value and its gradient """

    def __init__(self, data, kids=(), _op=''):
        self.data = data
        self.grad = 0
        self._backward = lambda: None
        self._prev = set(kids)
        self._op = _op # op name

    def __add__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        o = Value(self.data + other.data, (self, other), '+')

        def _backward():
            self.grad += o.grad
            other.grad += o.grad
        o._backward = _backward

        return o

    def __mul__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        o = Value(self.data * other.data, (self, other), '*')

        def _backward():
            self.grad += other.data * o.grad
            other.grad += self.data * o.grad
        o._backward = _backward

        return o

    def __pow__(self, other):
        assert isinstance(other, (int, float)), "only supporting int/float powers for now"
        o = Value(self.data**other, (self,), f'**{other}')

        def _backward():
            self.grad += (other * self.data**(other-1)) * o.grad
        o._backward = _backward

        return o

    def relu(self):
        o = Value(0 if self.data < 0 else self.data, (self,), 'ReLU')

        def _backward():
            self.grad += (o.data > 0) * o.grad
        o._backward = _backward

        return o

    def exp(self):
        o = Value(math.exp(self.data), (self,), 'exp')
        def _backward():
            self.grad += math.exp(self.data) * o.grad
        o._backward = _backward
        return o

    def log(self):
        o = Value(math.log(self.data), (self,), 'log')
        def _backward():
            self.grad += o.grad / self.data
        o._backward = _backward
        return o

    def tanh(self):
        # composed: exp already knows its derivative
        e = (2 * self).exp()
        return (e - 1) / (e + 1)

    def backward(self):

        # depth first order
        nodes = []
        done = set()
        def dfs(node):
            if node not in done:
                done.add(node)
                for k in node._prev:
                    dfs(k)
                nodes.append(node)
        dfs(self)

        # backprop
        self.grad = 1
        for node in reversed(nodes):
            node._backward()

    def __neg__(self): # -self
        return self * -1

    def __radd__(self, other): # other + self
        return self + other

    def __sub__(self, other): # self - other
        return self + (-other)

    def __rsub__(self, other): # other - self
        return other + (-self)

    def __rmul__(self, other): # other * self
        return self * other

    def __truediv__(self, other): # self / other
        return self * other**-1

    def __rtruediv__(self, other): # other / self
        return other * self**-1

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"
