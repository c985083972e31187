import math


class Value:

    def __init__(self, data, _children=(), _op=''):
        self.data = data
        self.grad = 0
        self._backward = lambda: None
        self._prev = set(_children)
        self._op = _op

    def backward(self):
        topo_order = []
        visited_nodes = set()

        def build(node):
            if node in visited_nodes:
                return
            visited_nodes.add(node)
            for ch in node._prev:
                build(ch)
            topo_order.append(node)

        build(self)
        self.grad = 1
        for node in reversed(topo_order):
            node._backward()

    def log(self):
        r = Value(math.log(self.data), (self,), 'log')

        def _backward():
            self.grad = self.grad + r.grad * (1.0 / self.data)
        r._backward = _backward
        return r

    def exp(self):
        r = Value(math.exp(self.data), (self,), 'exp')

        def _backward():
            self.grad = self.grad + math.exp(self.data) * r.grad
        r._backward = _backward
        return r

    def tanh(self):
        r = Value(math.tanh(self.data), (self,), 'tanh')

        def _backward():
            self.grad = self.grad + (1 - math.tanh(self.data) ** 2) * r.grad
        r._backward = _backward
        return r

    def relu(self):
        if self.data < 0:
            v = 0
        else:
            v = self.data
        r = Value(v, (self,), 'ReLU')

        def _backward():
            self.grad = self.grad + (r.data > 0) * r.grad
        r._backward = _backward
        return r

    def __pow__(self, p):
        assert isinstance(p, (int, float)), "only supporting int/float powers for now"
        r = Value(self.data ** p, (self,), '**' + str(p))

        def _backward():
            self.grad = self.grad + (p * self.data ** (p - 1)) * r.grad
        r._backward = _backward
        return r

    def __mul__(self, x):
        if not isinstance(x, Value):
            x = Value(x)
        r = Value(self.data * x.data, (self, x), '*')

        def _backward():
            self.grad = self.grad + x.data * r.grad
            x.grad = x.grad + self.data * r.grad
        r._backward = _backward
        return r

    def __add__(self, x):
        if not isinstance(x, Value):
            x = Value(x)
        r = Value(self.data + x.data, (self, x), '+')

        def _backward():
            self.grad = self.grad + r.grad
            x.grad = x.grad + r.grad
        r._backward = _backward
        return r

    def __truediv__(self, x):
        return self * x ** -1

    def __rtruediv__(self, x):
        return x * self ** -1

    def __sub__(self, x):
        return self + (-x)

    def __rsub__(self, x):
        return x + (-self)

    def __neg__(self):
        return self * -1

    def __rmul__(self, x):
        return self * x

    def __radd__(self, x):
        return self + x

    def __repr__(self):
        return 'Value(data=%s, grad=%s)' % (self.data, self.grad)
