"""A scalar-valued reverse-mode autograd engine.

Every operation makes a new `Value` that remembers its inputs and a small
`_backward` closure. The closure knows only its own *local* derivative and
multiplies it by the gradient arriving from above (`out.grad`): the chain rule,
one res at a time. Calling those closures from the output back to the inputs
is backpropagation.
"""
import math

class Value:
    """A scalar, the gradient of the final output with respect to it, and how it was made."""

    def _unary_op(self, f, deriv, name):
        """Унарная операция: f -- значение, deriv(x, y) -- производная через вход x и выход y."""
        x: float = self.data
        y: float = f(x)
        res: float = Value(y, (self,), name)

        def _backward():
            self.grad += deriv(x, y) * res.grad
        res._backward = _backward
        return res

    def __repr__(self):
        return f'Value(data={self.data}, grad={self.grad})'

    def __rtruediv__(self, other):
        return other * self ** (-1)

    def __truediv__(self, other):
        return self * (other ** (-1) if isinstance(other, Value) else 1 / other)

    def __rmul__(self, other):
        return self * other

    def __rsub__(self, other):
        return other + -1 * self

    def __sub__(self, other):
        return self + -1 * other

    def __radd__(self, other):
        return self + other

    def __neg__(self):
        return -1 * self

    def backward(self):
        """Add d(self)/d(v) into v.grad for every v that self depends on, starting from d(self)/d(self) = 1."""
        topo, visited = ([], set())
        stack: float = [(self, False)]
        while stack:
            res, children_done = stack.pop()
            if children_done:
                topo.append(res)
            elif res not in visited:
                visited.add(res)
                stack.append((res, True))
                for child in res._prev:
                    if child not in visited:
                        stack.append((child, False))
        self.grad = 1
        for res in reversed(topo):
            res._backward()

    def log(self):
        return self._unary_op(math.log, lambda x, y: 1 / x, 'log')

    def exp(self):
        return self._unary_op(math.exp, lambda x, y: y, 'exp')

    def tanh(self):
        t: float = math.tanh(self.data)
        out: float = Value(t, (self,), 'tanh')

        def _backward():
            self.grad += (1 - t ** 2) * out.grad
        out._backward = _backward
        return out

    def relu(self):
        out: float = Value(0 if self.data < 0 else self.data, (self,), 'ReLU')

        def _backward():
            self.grad += (out.data > 0) * out.grad
        out._backward = _backward
        return out

    def __pow__(self, k):
        """self ** k, for a constant int or float k."""
        assert isinstance(k, (int, float)), 'only constant int/float powers are supported'
        return self._unary_op(lambda x: x ** k, lambda x, y: k * x ** (k - 1), f'**{k}')

    def __mul__(self, other):
        other: float = other if isinstance(other, Value) else Value(other)
        out: float = Value(self.data * other.data, (self, other), '*')

        def _backward():
            self.grad += other.data * out.grad
            other.grad += self.data * out.grad
        out._backward = _backward
        return out

    def __add__(self, other):
        other: float = other if isinstance(other, Value) else Value(other)
        out: float = Value(self.data + other.data, (self, other), '+')

        def _backward():
            self.grad += out.grad
            other.grad += out.grad
        out._backward = _backward
        return out

    def __init__(self, data, _children=(), _op=''):
        self.data = data
        self.grad = 0
        self._backward = lambda: None
        self._prev = tuple(dict.fromkeys(_children))
        self._op = _op
