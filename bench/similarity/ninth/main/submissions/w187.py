import math

class Value:
    """ stores a single scalar value and its gradient """
    def __init__(self, data, parents=(), _op=''):
        self.data = data
        self.grad = 0
        self._backward = lambda: None
        self._parents = set(parents)
        self._op = _op

    def backward(self):

        ordering = []
        visited_set = set()
        def order_from(v):
            if v not in visited_set:
                visited_set.add(v)
                for child in v._parents:
                    order_from(child)
                ordering.append(v)
        order_from(self)

        self.grad = 1
        for v in reversed(ordering):
            v._backward()

    def __add__(self, that):
        if not isinstance(that, Value):
            that = Value(that)
        node = Value(self.data + that.data, (self, that), '+')

        def _backward():
            self.grad = self.grad + node.grad
            that.grad = that.grad + node.grad
        node._backward = _backward

        return node

    def __radd__(self, that):
        return self + that

    def __sub__(self, that):
        return self + (-that)

    def __rsub__(self, that):
        return that + (-self)

    def __mul__(self, that):
        if not isinstance(that, Value):
            that = Value(that)
        node = Value(self.data * that.data, (self, that), '*')

        def _backward():
            self.grad = self.grad + that.data * node.grad
            that.grad = that.grad + self.data * node.grad
        node._backward = _backward

        return node

    def __rmul__(self, that):
        return self * that

    def __truediv__(self, that):
        return self * that**-1

    def __rtruediv__(self, that):
        return that * self**-1

    def __neg__(self):
        return self * -1

    def __pow__(self, that):
        assert isinstance(that, (int, float)), "only supporting int/float powers for now"
        node = Value(self.data**that, (self,), f'**{that}')

        def _backward():
            self.grad = self.grad + (that * self.data**(that-1)) * node.grad
        node._backward = _backward

        return node

    def relu(self):
        node = Value(0 if self.data < 0 else self.data, (self,), 'ReLU')

        def _backward():
            self.grad = self.grad + (node.data > 0) * node.grad
        node._backward = _backward

        return node

    def exp(self):
        node = Value(math.exp(self.data), (self,), 'exp')
        def _backward():
            self.grad = self.grad + math.exp(self.data) * node.grad
        node._backward = _backward
        return node

    def log(self):
        node = Value(math.log(self.data), (self,), 'log')
        def _backward():
            self.grad = self.grad + node.grad / self.data
        node._backward = _backward
        return node

    def tanh(self):
        ex = (2 * self).exp()
        return (ex - 1) / (ex + 1)

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"
