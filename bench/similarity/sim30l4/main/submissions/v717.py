# Marta G. -- HW4
# The elementwise functions are described once in a table (forward, derivative from input and output)
# and Value._apply turns any entry into a graph node.
import math

ELEMENTWISE = {
    'exp': (math.exp, lambda x, out: out),
    'log': (math.log, lambda x, out: 1 / x),
    'tanh': (math.tanh, lambda x, out: 1 - out ** 2),
    'relu': (lambda x: max(0.0, x), lambda x, out: 1.0 if x > 0 else 0.0),
}


class Value:
    def __init__(self, data, children=(), op=''):
        self.data = data
        self.grad = 0.0
        self._backward = lambda: None
        self._prev = tuple(children)
        self._op = op

    def __repr__(self):
        return 'Value(data=%s, grad=%s)' % (self.data, self.grad)

    def _apply(self, name):
        f, df = ELEMENTWISE[name]
        out = Value(f(self.data), (self,), name)

        def _backward():
            self.grad += df(self.data, out.data) * out.grad
        out._backward = _backward
        return out

    def exp(self):
        return self._apply('exp')

    def log(self):
        return self._apply('log')

    def tanh(self):
        return self._apply('tanh')

    def relu(self):
        return self._apply('relu')

    def __add__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        out = Value(self.data + other.data, (self, other), '+')

        def _backward():
            self.grad += out.grad
            other.grad += out.grad
        out._backward = _backward
        return out

    def __mul__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        out = Value(self.data * other.data, (self, other), '*')

        def _backward():
            self.grad += other.data * out.grad
            other.grad += self.data * out.grad
        out._backward = _backward
        return out

    def __pow__(self, n):
        assert isinstance(n, (int, float)), 'power must be a constant'
        out = Value(self.data ** n, (self,), '**')

        def _backward():
            self.grad += n * self.data ** (n - 1) * out.grad
        out._backward = _backward
        return out

    def __neg__(self):
        return self * -1

    def __radd__(self, other):
        return self + other

    def __rmul__(self, other):
        return self * other

    def __sub__(self, other):
        return self + (-other)

    def __rsub__(self, other):
        return other + (-self)

    def __truediv__(self, other):
        return self * other ** -1

    def __rtruediv__(self, other):
        return other * self ** -1

    def backward(self):
        topo, visited = [], set()

        def build(v):
            if v not in visited:
                visited.add(v)
                for c in v._prev:
                    build(c)
                topo.append(v)
        build(self)
        self.grad = 1.0
        for v in reversed(topo):
            v._backward()
