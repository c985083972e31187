import math



class Value:
    """ stores a single scalar value and its gradient """

    @staticmethod
    def mean(vals):
        vals = list(vals)
        return total(vals) / len(vals)

    def backward(self):

        order = []
        was_seen = set()
        def topo_sort(v):
            if v not in was_seen:
                was_seen.add(v)
                for child in v._prev:
                    topo_sort(child)
                order.append(v)
        topo_sort(self)

        self.grad = 1
        for v in reversed(order):
            v._backward()

    def __neg__(self):
        return self * -1

    def __radd__(self, arg):
        return self + arg

    def __sub__(self, arg):
        return self + (-arg)

    def __rsub__(self, arg):
        return arg + (-self)

    def __rmul__(self, arg):
        return self * arg

    def __truediv__(self, arg):
        return self * arg**-1

    def __rtruediv__(self, arg):
        return arg * self**-1

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"

    def sqrt(self):
        return self ** 0.5

    def tanh(self):
        twice = (self * 2).exp()
        return (twice - 1) / (twice + 1)

    def log(self):
        if self.data <= 0:
            raise ValueError(f"log needs a positive input, got {self.data}")
        o = Value(math.log(self.data), (self,), 'log')

        def _backward():
            self.grad = self.grad + (o.grad * self.data**-1)
        o._backward = _backward

        return o

    def exp(self):
        expo = math.exp(self.data)
        o = Value(expo, (self,), 'exp')

        def _backward():
            self.grad = self.grad + (expo * o.grad)
        o._backward = _backward

        return o

    def __init__(self, data, _children=(), _op=''):
        self.data = data
        self.grad = 0
        self._backward = lambda: None
        self._prev = set(_children)
        self._op = _op

    def __add__(self, arg):
        arg = arg if isinstance(arg, Value) else Value(arg)
        o = Value(self.data + arg.data, (self, arg), '+')

        def _backward():
            self.grad = self.grad + o.grad
            arg.grad = arg.grad + o.grad
        o._backward = _backward

        return o

    def __mul__(self, arg):
        arg = arg if isinstance(arg, Value) else Value(arg)
        o = Value(self.data * arg.data, (self, arg), '*')

        def _backward():
            self.grad = self.grad + (arg.data * o.grad)
            arg.grad = arg.grad + (self.data * o.grad)
        o._backward = _backward

        return o

    def __pow__(self, arg):
        assert isinstance(arg, (int, float)), "only supporting int/float powers for now"
        o = Value(self.data**arg, (self,), f'**{arg}')

        def _backward():
            self.grad = self.grad + (arg * self.data**(arg-1)) * o.grad
        o._backward = _backward

        return o

    def relu(self):
        o = Value(0 if self.data < 0 else self.data, (self,), 'ReLU')

        def _backward():
            self.grad = self.grad + (o.data > 0) * o.grad
        o._backward = _backward

        return o


def total(vals):
    """Returns the sum of vals as a Value."""
    s = Value(0.0)
    for v in vals:
        s = s + v
    return s
