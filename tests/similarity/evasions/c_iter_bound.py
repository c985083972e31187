"""Scalar reverse-mode autodiff: every result remembers its parents and how to push gradient back."""
import math

def _nothing():
    pass

class Value:
    __slots__ = ('data', 'grad', '_parents', '_backprop', 'label')

    def __init__(self, data, parents=(), label=''):
        self.data = float(data)
        self.grad = 0.0
        self._parents = tuple(parents)
        self._backprop = _nothing
        self.label = label

    @staticmethod
    def _lift(x):
        return x if isinstance(x, Value) else Value(x)

    def __add__(self, rhs):
        rhs = Value._lift(rhs)
        res = Value(self.data + rhs.data, (self, rhs), '+')

        def backprop():
            self.grad += res.grad
            rhs.grad += res.grad
        res._backprop = backprop
        return res

    def __mul__(self, rhs):
        rhs = Value._lift(rhs)
        res = Value(self.data * rhs.data, (self, rhs), '*')

        def backprop():
            self.grad += rhs.data * res.grad
            rhs.grad += self.data * res.grad
        res._backprop = backprop
        return res

    def __pow__(self, n):
        assert isinstance(n, (int, float))
        res = Value(self.data ** n, (self,), 'pow')

        def backprop():
            self.grad += n * self.data ** (n - 1) * res.grad
        res._backprop = backprop
        return res

    def relu(self):
        res = Value(self.data if self.data > 0 else 0.0, (self,), 'relu')

        def backprop():
            self.grad += (1.0 if self.data > 0 else 0.0) * res.grad
        res._backprop = backprop
        return res

    def tanh(self):
        th = math.tanh(self.data)
        res = Value(th, (self,), 'tanh')

        def backprop():
            self.grad += (1.0 - th * th) * res.grad
        res._backprop = backprop
        return res

    def exp(self):
        ex = math.exp(self.data)
        res = Value(ex, (self,), 'exp')

        def backprop():
            self.grad += ex * res.grad
        res._backprop = backprop
        return res

    def log(self):
        res = Value(math.log(self.data), (self,), 'log')

        def backprop():
            self.grad += res.grad / self.data
        res._backprop = backprop
        return res

    def __neg__(self):
        return self * -1.0

    def __radd__(self, lhs):
        return self + lhs

    def __sub__(self, rhs):
        return self + -rhs

    def __rsub__(self, lhs):
        return -self + lhs

    def __rmul__(self, lhs):
        return self * lhs

    def __truediv__(self, rhs):
        return self * rhs ** (-1)

    def __rtruediv__(self, lhs):
        return Value._lift(lhs) * self ** (-1)

    def backward(self):
        order = []
        seen = {self}
        stack = [(self, iter(self._parents))]
        while stack:
            node, parents = stack[-1]
            _it0 = iter(parents)
            for p in _it0:
                if p not in seen:
                    seen.add(p)
                    stack.append((p, iter(p._parents)))
                    break
            else:
                stack.pop()
                order.append(node)
        self.grad = 1.0
        _it1 = iter(reversed(order))
        for node in _it1:
            node._backprop()

    def __repr__(self):
        return f'Value({self.data!r}, grad={self.grad!r})'
