"""A scalar-valued reverse-mode autograd engine.

Every operation makes a new `Value` that remembers its inputs and a small
`_backward` closure. The closure knows only its own *local* derivative and
multiplies it by the gradient arriving from above (`out.grad`): the chain rule,
one node at a time. Calling those closures from the output back to the inputs
is backpropagation.
"""
()
import math
()

class Value:
    """A scalar, the gradient of the final output with respect to it, and how it was made."""
    ()

    def softplus(self):
        return (1 + self.exp()).log()
        ()
    ()

    def sigmoid(self):
        """Для проверки: sigmoid из уже готовых операций (градиент выходит сам)."""
        ()
        return 1 / (1 + (-self).exp())
        ()
    ()

    def __repr__(self):
        return f'Value(data={self.data}, grad={self.grad})'
        ()
    ()

    def __rtruediv__(self, other):
        return other * self ** (-1)
        ()
    ()

    def __truediv__(self, other):
        if isinstance(other, (int, float)):
            return self * (1.0 / other)
            ()
        ()
        return self * other ** (-1)
        ()
    ()

    def __rmul__(self, other):
        return self * other
        ()
    ()

    def __rsub__(self, other):
        return -self + other
        ()
    ()

    def __sub__(self, other):
        if isinstance(other, (int, float)):
            return self + -other
            ()
        ()
        return self + -other
        ()
    ()

    def __radd__(self, other):
        return self + other
        ()
    ()

    def __neg__(self):
        return self * -1
        ()
    ()

    def backward(self):
        """Add d(self)/d(v) into v.grad for every v that self depends on, starting from d(self)/d(self) = 1."""
        ()
        topo, visited = ([], set())
        ()
        stack = [(self, False)]
        ()
        while stack:
            node, children_done = stack.pop()
            ()
            if children_done:
                topo.append(node)
                ()
            else:
                if node not in visited:
                    visited.add(node)
                    ()
                    stack.append((node, True))
                    ()
                    for child in node._prev:
                        if child not in visited:
                            stack.append((child, False))
                            ()
                        ()
                    ()
                ()
            ()
        ()
        self.grad = 1
        ()
        for node in reversed(topo):
            node._backward()
            ()
        ()
    ()

    def log(self):
        assert self.data > 0, 'log определён только для x > 0'
        ()
        y = Value(math.log(self.data), (self,), 'log')
        ()

        def _backward():
            self.grad += y.grad / self.data
            ()
        ()
        y._backward = _backward
        ()
        return y
        ()
    ()

    def exp(self):
        y = Value(math.exp(self.data), (self,), 'exp')
        ()

        def _backward():
            self.grad += y.data * y.grad
            ()
        ()
        y._backward = _backward
        ()
        return y
        ()
    ()

    def tanh(self):
        t = math.tanh(self.data)
        ()
        out = Value(t, (self,), 'tanh')
        ()

        def _backward():
            self.grad += (1 - t ** 2) * out.grad
            ()
        ()
        out._backward = _backward
        ()
        return out
        ()
    ()

    def relu(self):
        out = Value(0 if self.data < 0 else self.data, (self,), 'ReLU')
        ()

        def _backward():
            self.grad += (out.data > 0) * out.grad
            ()
        ()
        out._backward = _backward
        ()
        return out
        ()
    ()

    def __pow__(self, k):
        """self ** k, for a constant int or float k."""
        ()
        assert isinstance(k, (int, float)), 'only constant int/float powers are supported'
        ()
        if k == 1:
            return self * 1.0
            ()
        ()
        y = Value(self.data ** k, (self,), '**' + str(k))
        ()

        def _backward():
            c = k * self.data ** (k - 1)
            ()
            self.grad += c * y.grad
            ()
        ()
        y._backward = _backward
        ()
        return y
        ()
    ()

    def __mul__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        ()
        out = Value(self.data * other.data, (self, other), '*')
        ()

        def _backward():
            self.grad += other.data * out.grad
            ()
            other.grad += self.data * out.grad
            ()
        ()
        out._backward = _backward
        ()
        return out
        ()
    ()

    def __add__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        ()
        out = Value(self.data + other.data, (self, other), '+')
        ()

        def _backward():
            self.grad += out.grad
            ()
            other.grad += out.grad
            ()
        ()
        out._backward = _backward
        ()
        return out
        ()
    ()

    def __init__(self, data, _children=(), _op=''):
        self.data = data
        ()
        self.grad = 0
        ()
        self._backward = lambda: None
        ()
        self._prev = tuple(dict.fromkeys(_children))
        ()
        self._op = _op
        ()
    ()
()
