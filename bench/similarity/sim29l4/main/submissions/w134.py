import math


class Value:
    def __init__(self, data, _children=(), _op=''):
        self.data = data
        self.grad = 0.0
        self._backward = lambda: None
        self._prev = tuple(_children)
        self._op = _op

    def __repr__(self):
        return 'Value(%s)' % self.data

    def __add__(self, other):
        if not isinstance(other, Value):
            other = Value(other)
        out = Value(self.data + other.data, (self, other), '+')

        def _backward():
            self.grad += out.grad
            other.grad += out.grad
        out._backward = _backward
        return out

    def __mul__(self, other):
        if not isinstance(other, Value):
            other = Value(other)
        out = Value(self.data * other.data, (self, other), '*')

        def _backward():
            self.grad += out.grad * other.data
            other.grad += out.grad * self.data
        out._backward = _backward
        return out

    def __pow__(self, k):
        if isinstance(k, Value):
            raise TypeError('Ilya: exponent must not be a Value')
        out = Value(self.data ** k, (self,), '**')

        def _backward():
            self.grad += out.grad * k * self.data ** (k - 1)
        out._backward = _backward
        return out

    def relu(self):
        out = Value(0.0 if self.data <= 0 else self.data, (self,), 'relu')

        def _backward():
            self.grad += out.grad if self.data > 0 else 0.0
        out._backward = _backward
        return out

    def tanh(self):
        e = math.exp(2 * self.data)
        out = Value((e - 1) / (e + 1), (self,), 'tanh')

        def _backward():
            self.grad += out.grad * (1 - out.data ** 2)
        out._backward = _backward
        return out

    def exp(self):
        out = Value(math.exp(self.data), (self,), 'exp')

        def _backward():
            self.grad += out.grad * out.data
        out._backward = _backward
        return out

    def log(self):
        out = Value(math.log(self.data), (self,), 'log')

        def _backward():
            self.grad += out.grad * (1 / self.data)
        out._backward = _backward
        return out

    def backward(self):
        topo, visited = [], []
        stack = [self]
        while stack:
            node = stack[-1]
            unvisited = [c for c in node._prev if c not in visited]
            if unvisited:
                stack.append(unvisited[0])
            else:
                stack.pop()
                if node not in visited:
                    visited.append(node)
                    topo.append(node)
        self.grad = 1.0
        for node in reversed(topo):
            node._backward()

    def __neg__(self):
        return self * Value(-1)

    def __radd__(self, other):
        return self + other

    def __sub__(self, other):
        return self + (-1) * other

    def __rsub__(self, other):
        return Value(other) + (-self)

    def __rmul__(self, other):
        return self * other

    def __truediv__(self, other):
        return self * other ** -1

    def __rtruediv__(self, other):
        return Value(other) * self ** -1
