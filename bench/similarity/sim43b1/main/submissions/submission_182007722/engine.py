import math

class Value:
    """ stores a single scalar value and its gradient """

    def __init__(self, data, _children=(), _op=''):
        self.data = data
        self.grad = 0
        self._grad_fn = lambda: None
        self._prev = set(_children)
        self._op = _op

    def __add__(self, o):
        o = o if isinstance(o, Value) else Value(o)
        res = Value(self.data + o.data, (self, o), '+')

        def _grad_fn():
            self.grad += res.grad
            o.grad += res.grad
        res._grad_fn = _grad_fn

        return res

    def __mul__(self, o):
        o = o if isinstance(o, Value) else Value(o)
        res = Value(self.data * o.data, (self, o), '*')

        def _grad_fn():
            self.grad += o.data * res.grad
            o.grad += self.data * res.grad
        res._grad_fn = _grad_fn

        return res

    def __pow__(self, o):
        assert isinstance(o, (int, float)), "only supporting int/float powers for now"
        res = Value(self.data**o, (self,), f'**{o}')

        def _grad_fn():
            self.grad += (o * self.data**(o-1)) * res.grad
        res._grad_fn = _grad_fn

        return res

    def relu(self):
        res = Value(0 if self.data < 0 else self.data, (self,), 'ReLU')

        def _grad_fn():
            self.grad += (res.data > 0) * res.grad
        res._grad_fn = _grad_fn

        return res

    def tanh(self):
        t = math.tanh(self.data)
        res = Value(t, (self,), 'tanh')

        def _grad_fn():
            self.grad += (1 - t**2) * res.grad
        res._grad_fn = _grad_fn

        return res

    def exp(self):
        res = Value(math.exp(self.data), (self,), 'exp')

        def _grad_fn():
            self.grad += res.data * res.grad
        res._grad_fn = _grad_fn

        return res

    def log(self):
        res = Value(math.log(self.data), (self,), 'log')

        def _grad_fn():
            self.grad += (1 / self.data) * res.grad
        res._grad_fn = _grad_fn

        return res

    def backward(self):

        nodes = []
        seen = set()
        def dfs(v):
            if v not in seen:
                seen.add(v)
                for child in v._prev:
                    dfs(child)
                nodes.append(v)
        dfs(self)

        self.grad = 1
        for v in reversed(nodes):
            v._grad_fn()

    def __neg__(self):
        return self * -1

    def __radd__(self, o):
        return self + o

    def __sub__(self, o):
        return self + (-o)

    def __rsub__(self, o):
        return o + (-self)

    def __rmul__(self, o):
        return self * o

    def __truediv__(self, o):
        return self * o**-1

    def __rtruediv__(self, o):
        return o * self**-1

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"
