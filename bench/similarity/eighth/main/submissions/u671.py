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

    def backward(self):

        # topological order all of the children in the graph
        nodes = []
        done = set()
        def visit(v):
            if v not in done:
                done.add(v)
                for child in v._prev:
                    visit(child)
                nodes.append(v)
        visit(self)

        # go one variable at a time and apply the chain rule to get its gradient
        self.grad = 1
        for v in reversed(nodes):
            v._backward()

    def __add__(self, x):
        x = x if isinstance(x, Value) else Value(x)
        node = Value(self.data + x.data, (self, x), '+')

        def _backward():
            self.grad = self.grad + node.grad
            x.grad = x.grad + node.grad
        node._backward = _backward

        return node

    def __mul__(self, x):
        x = x if isinstance(x, Value) else Value(x)
        node = Value(self.data * x.data, (self, x), '*')

        def _backward():
            self.grad = self.grad + x.data * node.grad
            x.grad = x.grad + self.data * node.grad
        node._backward = _backward

        return node

    def __pow__(self, x):
        assert isinstance(x, (int, float)), "power must be a number"
        node = Value(self.data**x, (self,), f'**{x}')

        def _backward():
            self.grad = self.grad + (x * self.data**(x-1)) * node.grad
        node._backward = _backward

        return node

    def exp(self):
        e = math.exp(self.data)
        node = Value(e, (self,), 'exp')

        def _backward():
            self.grad = self.grad + e * node.grad
        node._backward = _backward

        return node

    def log(self):
        node = Value(math.log(self.data), (self,), 'log')

        def _backward():
            self.grad = self.grad + self.data**-1 * node.grad
        node._backward = _backward

        return node

    def tanh(self): # built from exp, so no _backward of its own
        q = (self * 2).exp()
        return (q - 1) / (q + 1)

    def relu(self):
        node = Value(0 if self.data < 0 else self.data, (self,), 'ReLU')

        def _backward():
            self.grad = self.grad + (node.data > 0) * node.grad
        node._backward = _backward

        return node

    def __neg__(self): # -self
        return self * -1

    def __sub__(self, x): # self - x
        return self + (-x)

    def __truediv__(self, x): # self / x
        return self * x**-1

    def __radd__(self, x): # x + self
        return self + x

    def __rsub__(self, x): # x - self
        return x + (-self)

    def __rmul__(self, x): # x * self
        return self * x

    def __rtruediv__(self, x): # x / self
        return x * self**-1

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"
