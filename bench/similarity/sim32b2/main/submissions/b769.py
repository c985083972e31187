import math

class Value:
    """Value with autograd (ex 5)."""

    def __init__(self, data, _inputs=(), _op=''):
        self.data = data
        self.grad = 0
        # internal variables used for autograd graph construction
        self._backward = lambda: None
        self._prev = set(_inputs)
        self._op = _op # the op that produced this node, for graphviz / debugging / etc

    def __add__(self, that):
        that = that if isinstance(that, Value) else Value(that)
        node = Value(self.data + that.data, (self, that), '+')

        def _backward():
            self.grad += node.grad
            that.grad += node.grad
        node._backward = _backward

        return node

    def __mul__(self, that):
        that = that if isinstance(that, Value) else Value(that)
        node = Value(self.data * that.data, (self, that), '*')

        def _backward():
            self.grad += that.data * node.grad
            that.grad += self.data * node.grad
        node._backward = _backward

        return node

    def __pow__(self, that):
        assert isinstance(that, (int, float)), "only supporting int/float powers for now"
        node = Value(self.data**that, (self,), f'**{that}')

        def _backward():
            self.grad += (that * self.data**(that-1)) * node.grad
        node._backward = _backward

        return node

    def relu(self):
        node = Value(0 if self.data < 0 else self.data, (self,), 'ReLU')

        def _backward():
            self.grad += (node.data > 0) * node.grad
        node._backward = _backward

        return node

    def tanh(self):
        th = math.tanh(self.data)
        node = Value(th, (self,), 'tanh')

        def _backward():
            self.grad += (1 - th**2) * node.grad
        node._backward = _backward

        return node

    def backward(self):

        # topological order all of the children in the graph
        sorted_nodes = []
        seen = set()
        def walk(v):
            if v not in seen:
                seen.add(v)
                for inp in v._prev:
                    walk(inp)
                sorted_nodes.append(v)
        walk(self)

        # go one variable at a time and apply the chain rule to get its gradient
        self.grad = 1
        for v in reversed(sorted_nodes):
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
