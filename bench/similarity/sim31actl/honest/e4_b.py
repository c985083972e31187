import math


class Value:

    def __init__(self, data, _children=(), _op=''):
        self.data = float(data)  # ints become floats
        self.grad = 0
        self._backward = lambda: None
        self._prev = set(_children)
        self._op = _op

    def __repr__(self):
        return "Value(data=%s, grad=%s)" % (self.data, self.grad)

    def __add__(self, other):
        if not isinstance(other, Value):
            other = Value(other)
        result = Value(self.data + other.data, (self, other), '+')

        def _backward():
            self.grad += 1.0 * result.grad
            other.grad += 1.0 * result.grad
        result._backward = _backward
        return result

    def __mul__(self, other):
        if not isinstance(other, Value):
            other = Value(other)
        result = Value(self.data * other.data, (self, other), '*')

        def _backward():
            self.grad += result.grad * other.data
            other.grad += result.grad * self.data
        result._backward = _backward
        return result

    def __pow__(self, n):
        result = Value(self.data ** n, (self,), '**')

        def _backward():
            self.grad += result.grad * n * self.data ** (n - 1)
        result._backward = _backward
        return result

    def exp(self):
        try:
            e = math.exp(self.data)
        except OverflowError:
            e = float('inf')
        result = Value(e, (self,), 'exp')

        def _backward():
            self.grad += result.grad * e
        result._backward = _backward
        return result

    def log(self):
        result = Value(math.log(self.data), (self,), 'log')

        def _backward():
            self.grad += result.grad / self.data
        result._backward = _backward
        return result

    def tanh(self):
        result = Value(math.tanh(self.data), (self,), 'tanh')

        def _backward():
            self.grad += result.grad * (1 - result.data ** 2)
        result._backward = _backward
        return result

    def relu(self):
        result = Value(max(0.0, self.data), (self,), 'ReLU')

        def _backward():
            if result.data > 0:
                self.grad += result.grad
        result._backward = _backward
        return result

    def __neg__(self):
        return -1 * self

    def __sub__(self, other):
        return self + -1 * other

    def __rsub__(self, other):
        return -1 * self + other

    def __radd__(self, other):
        return self + other

    def __rmul__(self, other):
        return self * other

    def __truediv__(self, other):
        if not isinstance(other, Value):
            other = Value(other)
        if other.data == 0:
            raise ZeroDivisionError("cannot divide by zero")
        result = Value(self.data / other.data, (self, other), '/')

        def _backward():
            self.grad += result.grad / other.data
            other.grad += -result.grad * self.data / other.data ** 2
        result._backward = _backward
        return result

    def __rtruediv__(self, other):
        return self ** -1 * other

    def backward(self):
        order = []
        seen = set()

        def visit(v):
            if v in seen:
                return
            seen.add(v)
            for c in v._prev:
                visit(c)
            order.append(v)
        visit(self)
        self.grad = 1.0
        for v in order[::-1]:
            v._backward()
