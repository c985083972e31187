import math

class Value:
    """ stores a single scalar value and its gradient """

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"

    def backward(self):

        ordering = []
        done = set()
        def dfs(v):
            if v not in done:
                done.add(v)
                for child in v._prev:
                    dfs(child)
                ordering.append(v)
        dfs(self)

        self.grad = 1
        for v in reversed(ordering):
            v._backward()

    def __lt__(self, o):
        rhs = o.data if isinstance(o, Value) else o
        return self.data < rhs

    def __float__(self):
        return float(self.data)

    def tanh(self):
        xv = self.data
        t_val = math.tanh(xv)
        result = Value(t_val, (self,), 'tanh')

        def _backward():
            self.grad = self.grad + (1 - t_val*t_val) * result.grad
        result._backward = _backward

        return result

    def exp(self):
        result = Value(math.exp(self.data), (self,), 'exp')

        def _backward():
            self.grad = self.grad + (result.data * result.grad)
        result._backward = _backward

        return result

    def log(self):
        result = Value(math.log(self.data), (self,), 'log')

        def _backward():
            self.grad = self.grad + (result.grad / self.data)
        result._backward = _backward

        return result

    def __init__(self, data, _children=(), _op=''):
        self.data = data
        self.grad = 0
        self._backward = lambda: None
        self._prev = set(_children)
        self._op = _op

    def __add__(self, o):
        o = o if isinstance(o, Value) else Value(o)
        result = Value(self.data + o.data, (self, o), '+')

        def _backward():
            self.grad = self.grad + result.grad
            o.grad = o.grad + result.grad
        result._backward = _backward

        return result

    def __mul__(self, o):
        o = o if isinstance(o, Value) else Value(o)
        result = Value(self.data * o.data, (self, o), '*')

        def _backward():
            self.grad = self.grad + (o.data * result.grad)
            o.grad = o.grad + (self.data * result.grad)
        result._backward = _backward

        return result

    def __pow__(self, o):
        assert isinstance(o, (int, float)), "only supporting int/float powers for now"
        result = Value(self.data**o, (self,), f'**{o}')

        def _backward():
            self.grad = self.grad + (o * self.data**(o-1)) * result.grad
        result._backward = _backward

        return result

    def relu(self):
        result = Value(0 if self.data < 0 else self.data, (self,), 'ReLU')

        def _backward():
            self.grad = self.grad + (result.data > 0) * result.grad
        result._backward = _backward

        return result

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
