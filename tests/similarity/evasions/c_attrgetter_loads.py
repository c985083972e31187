"""Scalar reverse-mode autodiff: every result remembers its parents and how to push gradient back."""
import operator
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
        res = Value(operator.attrgetter('data')(self) + operator.attrgetter('data')(rhs), (self, rhs), '+')

        def backprop():
            self.grad += operator.attrgetter('grad')(res)
            rhs.grad += operator.attrgetter('grad')(res)
        res._backprop = backprop
        return res

    def __mul__(self, rhs):
        rhs = Value._lift(rhs)
        res = Value(operator.attrgetter('data')(self) * operator.attrgetter('data')(rhs), (self, rhs), '*')

        def backprop():
            self.grad += operator.attrgetter('data')(rhs) * operator.attrgetter('grad')(res)
            rhs.grad += operator.attrgetter('data')(self) * operator.attrgetter('grad')(res)
        res._backprop = backprop
        return res

    def __pow__(self, n):
        assert isinstance(n, (int, float))
        res = Value(operator.attrgetter('data')(self) ** n, (self,), 'pow')

        def backprop():
            self.grad += n * operator.attrgetter('data')(self) ** (n - 1) * operator.attrgetter('grad')(res)
        res._backprop = backprop
        return res

    def relu(self):
        res = Value(operator.attrgetter('data')(self) if operator.attrgetter('data')(self) > 0 else 0.0, (self,), 'relu')

        def backprop():
            self.grad += (1.0 if operator.attrgetter('data')(self) > 0 else 0.0) * operator.attrgetter('grad')(res)
        res._backprop = backprop
        return res

    def tanh(self):
        th = math.tanh(operator.attrgetter('data')(self))
        res = Value(th, (self,), 'tanh')

        def backprop():
            self.grad += (1.0 - th * th) * operator.attrgetter('grad')(res)
        res._backprop = backprop
        return res

    def exp(self):
        ex = math.exp(operator.attrgetter('data')(self))
        res = Value(ex, (self,), 'exp')

        def backprop():
            self.grad += ex * operator.attrgetter('grad')(res)
        res._backprop = backprop
        return res

    def log(self):
        res = Value(math.log(operator.attrgetter('data')(self)), (self,), 'log')

        def backprop():
            self.grad += operator.attrgetter('grad')(res) / operator.attrgetter('data')(self)
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
            for p in parents:
                if p not in seen:
                    seen.add(p)
                    stack.append((p, iter(p._parents)))
                    break
            else:
                stack.pop()
                order.append(node)
        self.grad = 1.0
        for node in reversed(order):
            node._backprop()

    def __repr__(self):
        return f"Value({operator.attrgetter('data')(self)!r}, grad={operator.attrgetter('grad')(self)!r})"
