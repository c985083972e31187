import math

class Value:
    """ one scalar and its gradient """

    def __init__(self, data, kids=(), op=''):
        self.data = data
        self.grad = 0
        # bookkeeping for the graph
        self._backward = lambda: None
        self._prev = set(kids)
        self._op = op # which operation made me

    def __add__(self, o):
        o = o if isinstance(o, Value) else Value(o)
        node = Value(self.data + o.data, (self, o), '+')

        def _backward():
            self.grad += node.grad
            o.grad += node.grad
        node._backward = _backward

        return node

    def __mul__(self, o):
        o = o if isinstance(o, Value) else Value(o)
        node = Value(self.data * o.data, (self, o), '*')

        def _backward():
            self.grad += o.data * node.grad
            o.grad += self.data * node.grad
        node._backward = _backward

        return node

    def __pow__(self, e):
        assert isinstance(e, (int, float)), "only supporting int/float powers for now"
        node = Value(self.data**e, (self,), f'**{e}')

        def _backward():
            self.grad += (e * self.data**(e-1)) * node.grad
        node._backward = _backward

        return node

    def relu(self):
        node = Value(0 if self.data < 0 else self.data, (self,), 'ReLU')

        def _backward():
            self.grad += (node.data > 0) * node.grad
        node._backward = _backward

        return node

    def tanh(self):
        node = Value(math.tanh(self.data), (self,), 'tanh')

        def _backward():
            self.grad += (1 - node.data**2) * node.grad
        node._backward = _backward

        return node

    def exp(self):
        node = Value(math.exp(self.data), (self,), 'exp')

        def _backward():
            self.grad += node.data * node.grad
        node._backward = _backward

        return node

    def log(self):
        node = Value(math.log(self.data), (self,), 'log')

        def _backward():
            self.grad += self.data**-1 * node.grad
        node._backward = _backward

        return node

    def backward(self):

        # sort the graph so every node comes after its inputs
        nodes = []
        marked = set()
        def dfs(n):
            if n not in marked:
                marked.add(n)
                for k in n._prev:
                    dfs(k)
                nodes.append(n)
        dfs(self)

        # chain rule, from the output back
        self.grad = 1
        for n in reversed(nodes):
            n._backward()

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
