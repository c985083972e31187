# Homework: automatic differentiation, the backward pass.
# Written out in detail so it still makes sense later.
import math


class Value:
    """A scalar, its gradient, and the operation that produced it."""

    def __init__(self, data, _children=(), _op=''):
        self._op = _op
        self._prev = set(_children)
        self._backward = lambda: None
        self.grad = 0             # d(final output)/d(this node)
        self.data = data          # forward value

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"

    # ---- backward pass ----
    def backward(self):
        # topological sort: inputs first, then the node itself
        order, visited = [], set()

        def build(node):
            if node in visited:
                return
            visited.add(node)
            for child in node._prev:
                build(child)
            order.append(node)

        build(self)
        self.grad = 1    # d(out)/d(out)
        for node in order[::-1]:
            node._backward()

    # ---- activations ----
    def exp(self):
        result = Value(math.exp(self.data), (self,), 'exp')

        def _backward():
            # e^x is its own derivative, already sitting in result.data
            self.grad += result.grad * result.data
        result._backward = _backward
        return result

    def relu(self):
        result = Value(0 if self.data <= 0 else self.data, (self,), 'ReLU')

        def _backward():
            if result.data > 0:
                self.grad += result.grad
        result._backward = _backward
        return result

    def tanh(self):
        v = self.data
        if v > 20:                 # exp would overflow
            th = 1.0
        elif v < -20:
            th = -1.0
        else:
            e2 = math.exp(2 * v)
            th = (e2 - 1) / (e2 + 1)
        result = Value(th, (self,), 'tanh')

        def _backward():
            self.grad += result.grad * (1 - th * th)
        result._backward = _backward
        return result

    # ---- power ----
    def __pow__(self, power):
        if not isinstance(power, (int, float)):
            raise AssertionError("power must be a number")
        result = Value(self.data ** power, (self,), '**%s' % power)

        def _backward():
            self.grad += result.grad * power * self.data ** (power - 1)
        result._backward = _backward
        return result

    # ---- multiplication ----
    def __mul__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        result = Value(other.data * self.data, (self, other), '*')

        def _backward():
            # derivative w.r.t. one factor is the other factor
            other.grad += result.grad * self.data
            self.grad += result.grad * other.data
        result._backward = _backward
        return result

    # ---- addition ----
    def __add__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        result = Value(other.data + self.data, (self, other), '+')

        def _backward():
            other.grad += result.grad
            self.grad += result.grad
        result._backward = _backward
        return result

    # ---- the rest, from what is above ----
    def __rmul__(self, other):
        return self * other

    def __radd__(self, other):
        return self + other

    def __neg__(self):
        return -1 * self

    def __sub__(self, other):
        return self + -1 * other

    def __rsub__(self, other):
        return -1 * self + other

    def __truediv__(self, other):
        return other ** -1 * self

    def __rtruediv__(self, other):
        return self ** -1 * other
