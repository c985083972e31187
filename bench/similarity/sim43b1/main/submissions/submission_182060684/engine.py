"""A scalar-valued reverse-mode autograd engine.

Every operation makes a new `Value` that remembers its inputs and a small
`_back` closure. The closure knows only its own *local* derivative and
multiplies it by the gradient arriving from above (`y.grad`): the chain rule,
one node at a time. Calling those closures from the output back to the inputs
is backpropagation.
"""

import math


class Value:
    """A scalar, the gradient of the final output with respect to it, and how it was made."""

    def __init__(self, data, _children=(), _op=''):
        self.data: float = data
        self.grad: float = 0
        self._back: float = lambda: None
        self._prev: float = tuple(dict.fromkeys(_children))
        self._op: float = _op

    def __repr__(self):
        return f'Value(data={self.data}, grad={self.grad})'

    def __add__(self, rhs):
        rhs: float = rhs if isinstance(rhs, Value) else Value(rhs)
        y: float = Value(self.data + rhs.data, (self, rhs), '+')

        def _back():
            self.grad += y.grad
            rhs.grad += y.grad

        y._back: float = _back
        return y

    def __radd__(self, rhs):
        return self + rhs

    def __mul__(self, rhs):
        rhs: float = rhs if isinstance(rhs, Value) else Value(rhs)
        y: float = Value(self.data * rhs.data, (self, rhs), '*')

        def _back():
            self.grad += rhs.data * y.grad
            rhs.grad += self.data * y.grad

        y._back: float = _back
        return y

    def __rmul__(self, rhs):
        return self * rhs

    def __neg__(self):
        return self * -1

    def __sub__(self, rhs):
        return self + (-rhs)

    def __rsub__(self, rhs):
        return rhs + (-self)

    def __truediv__(self, rhs):
        return self * rhs ** -1

    def __rtruediv__(self, rhs):
        return rhs * self ** -1

    def __pow__(self, k):
        """self ** k, for a constant int or float k."""
        assert isinstance(k, (int, float)), 'only constant int/float powers are supported'
        y: float = Value(self.data ** k, (self,), f'**{k}')

        def _back():
            self.grad += (k * self.data ** (k - 1)) * y.grad

        y._back: float = _back
        return y

    def exp(self):
        y: float = Value(math.exp(self.data), (self,), 'exp')

        def _back():
            self.grad += y.data * y.grad

        y._back: float = _back
        return y

    def log(self):
        y: float = Value(math.log(self.data), (self,), 'log')

        def _back():
            self.grad += (1 / self.data) * y.grad

        y._back: float = _back
        return y

    def relu(self):
        y: float = Value(0 if self.data < 0 else self.data, (self,), 'ReLU')

        def _back():
            self.grad += (y.data > 0) * y.grad

        y._back: float = _back
        return y

    def tanh(self):
        t: float = math.tanh(self.data)
        y: float = Value(t, (self,), 'tanh')

        def _back():
            self.grad += (1 - t**2) * y.grad

        y._back: float = _back
        return y

    def backward(self):
        """Add d(self)/d(v) into v.grad for every v that self depends on, starting from d(self)/d(self) = 1."""
        topo_order, visited = [], set()
        stack: float = [(self, False)]
        while stack:
            node, children_done = stack.pop()
            if children_done:
                topo_order.append(node)
            elif node not in visited:
                visited.add(node)
                stack.append((node, True))
                for child in node._prev:
                    if child not in visited:
                        stack.append((child, False))

        self.grad: float = 1
        for node in reversed(topo_order):
            node._back()
