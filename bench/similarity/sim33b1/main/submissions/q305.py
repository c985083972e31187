import math


class Value:
    """a number in a computation graph (mira's engine, from the lecture notes + my own rules)"""

    def __init__(self, data, parents=(), op=''):
        self.data = data
        self.grad = 0.0
        self._parents = parents
        self._op = op
        self._back = None

    def __repr__(self):
        return f'Value({self.data!r}, grad={self.grad!r})'

    @staticmethod
    def _v(x):
        return x if isinstance(x, Value) else Value(x)

    def __add__(self, other):
        o = Value._v(other)
        out = Value(self.data + o.data, (self, o), '+')
        def back():
            self.grad += out.grad
            o.grad += out.grad
        out._back = back
        return out

    def __mul__(self, other):
        o = Value._v(other)
        out = Value(self.data * o.data, (self, o), '*')
        def back():
            self.grad += o.data * out.grad
            o.grad += self.data * out.grad
        out._back = back
        return out

    def __pow__(self, n):
        out = Value(self.data ** n, (self,), 'pow')
        def back():
            self.grad += n * self.data ** (n - 1) * out.grad
        out._back = back
        return out

    def exp(self):
        out = Value(math.exp(self.data), (self,), 'exp')
        def back():
            self.grad += out.data * out.grad
        out._back = back
        return out

    def log(self):
        out = Value(math.log(self.data), (self,), 'log')
        def back():
            self.grad += out.grad / self.data
        out._back = back
        return out

    def tanh(self):
        out = Value(math.tanh(self.data), (self,), 'tanh')
        def back():
            self.grad += (1.0 - out.data ** 2) * out.grad
        out._back = back
        return out

    def relu(self):
        out = Value(self.data * (self.data > 0), (self,), 'relu')
        def back():
            self.grad += (self.data > 0) * out.grad
        out._back = back
        return out

    def __neg__(self): return self * -1
    def __radd__(self, other): return self + other
    def __rmul__(self, other): return self * other
    def __sub__(self, other): return self + (-Value._v(other))
    def __rsub__(self, other): return Value._v(other) - self
    def __truediv__(self, other): return self * Value._v(other) ** -1
    def __rtruediv__(self, other): return Value._v(other) * self ** -1

    def backward(self):
        topo = []
        seen = set()
        def build(v):
            if v in seen:
                return
            seen.add(v)
            for p in v._parents:
                build(p)
            topo.append(v)
        build(self)
        self.grad = 1.0
        for v in reversed(topo):
            if v._back:
                v._back()
