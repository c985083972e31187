"""scalar autograd -- took me a while, watched the lecture twice."""
import math


class Value:
    def __init__(self, data, _children=(), _op=''):
        self.data = data
        self.grad = 0.0
        self._prev = tuple(_children)
        self._op = _op
        self._backward = lambda: None

    def __repr__(self):
        return f'Value({self.data:.4f}, grad={self.grad:.4f})'

    def backward(self):
        # post-order DFS, recursive this time
        ordering, visited = [], set()

        def visit(node):
            if id(node) in visited:
                return
            visited.add(id(node))
            for parent in node._prev:
                visit(parent)
            ordering.append(node)

        visit(self)
        self.grad = 1.0
        i = len(ordering) - 1
        while i >= 0:
            ordering[i]._backward()
            i -= 1

    def _unary(self, value, op, slope):
        # shared by tanh / exp / relu: slope(out) is the local derivative
        out = Value(value, (self,), op)

        def _backward():
            self.grad += slope(out) * out.grad
        out._backward = _backward
        return out

    def tanh(self):
        return self._unary(math.tanh(self.data), 'tanh', lambda o: 1.0 - o.data ** 2)

    def exp(self):
        return self._unary(math.exp(self.data), 'exp', lambda o: o.data)

    def relu(self):
        return self._unary(max(0.0, self.data), 'relu', lambda o: float(o.data > 0))

    def __pow__(self, k):
        assert isinstance(k, (int, float)), 'powers must be plain numbers'
        out = Value(self.data ** k, (self,), f'^{k}')

        def _backward():
            self.grad += k * self.data ** (k - 1) * out.grad
        out._backward = _backward
        return out

    def __mul__(self, other):
        rhs = other if isinstance(other, Value) else Value(other)
        out = Value(self.data * rhs.data, (self, rhs), '*')

        def _backward():
            self.grad += rhs.data * out.grad
            rhs.grad += self.data * out.grad
        out._backward = _backward
        return out

    def __add__(self, other):
        rhs = other if isinstance(other, Value) else Value(other)
        out = Value(self.data + rhs.data, (self, rhs), '+')

        def _backward():
            self.grad += out.grad
            rhs.grad += out.grad
        out._backward = _backward
        return out

    def __neg__(self):
        return self * -1.0

    def __sub__(self, other):
        return self + (-other)

    def __rsub__(self, other):
        return -self + other

    def __truediv__(self, other):
        return self * (other if isinstance(other, Value) else Value(other)) ** -1

    def __rtruediv__(self, other):
        return Value(other) * self ** -1

    __radd__ = __add__
    __rmul__ = __mul__
