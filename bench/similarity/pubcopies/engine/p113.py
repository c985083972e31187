import math


class Value:
    """ stores a single scalar value and its gradient """

    def __init__(self, data, srcs=(), kind=''):
        self.data = data
        self.grad = 0
        self._backward = lambda: None
        self._prev = set(srcs)
        self._op = kind

    def __add__(self, that):
        that = that if isinstance(that, Value) else Value(that)
        ret = Value(self.data + that.data, (self, that), '+')

        def _backward():
            self.grad += ret.grad
            that.grad += ret.grad
        ret._backward = _backward

        return ret

    def __mul__(self, that):
        that = that if isinstance(that, Value) else Value(that)
        ret = Value(self.data * that.data, (self, that), '*')

        def _backward():
            self.grad += that.data * ret.grad
            that.grad += self.data * ret.grad
        ret._backward = _backward

        return ret

    def __pow__(self, that):
        assert isinstance(that, (int, float)), "only supporting int/float powers for now"
        ret = Value(self.data**that, (self,), f'**{that}')

        def _backward():
            self.grad += (that * self.data**(that-1)) * ret.grad
        ret._backward = _backward

        return ret

    def relu(self):
        ret = Value(0 if self.data < 0 else self.data, (self,), 'ReLU')

        def _backward():
            self.grad += (ret.data > 0) * ret.grad
        ret._backward = _backward

        return ret

    def tanh(self):
        ret = Value(math.tanh(self.data), (self,), 'tanh')

        def _backward():
            self.grad += (1 - math.tanh(self.data) ** 2) * ret.grad
        ret._backward = _backward

        return ret

    def exp(self):
        ret = Value(math.exp(self.data), (self,), 'exp')

        def _backward():
            self.grad += math.exp(self.data) * ret.grad
        ret._backward = _backward

        return ret

    def log(self):
        ret = Value(math.log(self.data), (self,), 'log')

        def _backward():
            self.grad += ret.grad * (1.0 / self.data)
        ret._backward = _backward

        return ret

    def backward(self):

        seq = []
        been = set()
        def walk(v):
            if v not in been:
                been.add(v)
                for c in v._prev:
                    walk(c)
                seq.append(v)
        walk(self)

        self.grad = 1
        for v in reversed(seq):
            v._backward()

    def __neg__(self):
        return self * -1

    def __radd__(self, that):
        return self + that

    def __sub__(self, that):
        return self + (-that)

    def __rsub__(self, that):
        return that + (-self)

    def __rmul__(self, that):
        return self * that

    def __truediv__(self, that):
        return self * that**-1

    def __rtruediv__(self, that):
        return that * self**-1

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"
