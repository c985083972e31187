# Femi O. -- exercise 02 (I wrote my own Value rather than patching the starter)
import math


class Value:
    """Scalar with autograd. Gradients accumulate (+=) so shared nodes work."""

    def __init__(self, data, _children=(), _op=''):
        self.data = data
        self.grad = 0
        self._backward = lambda: None
        self._prev = tuple(dict.fromkeys(_children))
        self._op = _op

    def __repr__(self):
        return f'Value({self.data!r}, grad={self.grad!r})'

    # binary ----------------------------------------------------------------
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

    def __sub__(self, other):
        return self + other * -1

    def __rsub__(self, other):
        return self * -1 + other

    __radd__ = __add__
    __rmul__ = __mul__

    # unary -----------------------------------------------------------------
    def relu(self):
        out = Value(self.data if self.data > 0 else 0, (self,), 'ReLU')
        def _backward():
            self.grad += (out.data > 0) * out.grad
        out._backward = _backward
        return out

    def square(self):
        out = Value(self.data ** 2, (self,), 'sq')
        def _backward():
            self.grad += 2 * self.data * out.grad
        out._backward = _backward
        return out

    def log(self):
        out = Value(math.log(self.data), (self,), 'log')
        def _backward():
            self.grad += out.grad / self.data
        out._backward = _backward
        return out

    # graph -----------------------------------------------------------------
    def backward(self):
        order, seen = [], set()
        def dfs(v):
            if v not in seen:
                seen.add(v)
                for c in v._prev:
                    dfs(c)
                order.append(v)
        dfs(self)
        self.grad = 1
        for v in reversed(order):
            v._backward()

    def zero_grad(self):
        for v in self._nodes():
            v.grad = 0

    def _nodes(self):
        stack, seen = [self], []
        while stack:
            v = stack.pop()
            if v not in seen:
                seen.append(v)
                stack.extend(v._prev)
        return seen
