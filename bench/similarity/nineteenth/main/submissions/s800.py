import math


class Value:
    """ a scalar with its gradient """

    def __init__(self, data, _parents=(), _kind=''):
        self.data = data
        self.grad = 0
        self._backward = lambda: None
        self._inputs = set(_parents)
        self._kind = _kind

    def __add__(self, b):
        b = b if isinstance(b, Value) else Value(b)
        o = Value(self.data + b.data, (self, b), '+')

        def _backward():
            self.grad += o.grad
            b.grad += o.grad
        o._backward = _backward

        return o

    def __mul__(self, b):
        b = b if isinstance(b, Value) else Value(b)
        o = Value(self.data * b.data, (self, b), '*')

        def _backward():
            self.grad += b.data * o.grad
            b.grad += self.data * o.grad
        o._backward = _backward

        return o

    def __pow__(self, b):
        assert isinstance(b, (int, float)), "only supporting int/float powers for now"
        o = Value(self.data**b, (self,), f'**{b}')

        def _backward():
            self.grad += (b * self.data**(b-1)) * o.grad
        o._backward = _backward

        return o

    def relu(self):
        o = Value(0 if self.data < 0 else self.data, (self,), 'ReLU')

        def _backward():
            self.grad += (o.data > 0) * o.grad
        o._backward = _backward

        return o

    def tanh(self):
        o = Value(math.tanh(self.data), (self,), 'tanh')

        def _backward():
            self.grad += (1 - o.data**2) * o.grad
        o._backward = _backward

        return o

    def backward(self):

        # topological order all of the children in the graph
        nodes = []
        marked = set()
        def dfs(v):
            if v not in marked:
                marked.add(v)
                for inp in v._inputs:
                    dfs(inp)
                nodes.append(v)
        dfs(self)

        # go one variable at a time and apply the chain rule to get its gradient
        self.grad = 1
        for v in reversed(nodes):
            v._backward()

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

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"
