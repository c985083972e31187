import math


class Value:
    """A scalar value and its gradient."""

    def __init__(self, data, _children=(), _op=""):
        self.data = data
        self.grad = 0
        self._backward = lambda: None
        self._prev = set(_children)
        self._op = _op

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"

    def backward(self):
        """Topological order of the graph, then the chain rule one node at a time."""
        ordering = []
        seen = set()

        def build(node):
            if node not in seen:
                seen.add(node)
                for parent in node._prev:
                    build(parent)
                ordering.append(node)

        build(self)
        self.grad = 1
        for node in reversed(ordering):
            node._backward()

    def __add__(self, that):
        if not isinstance(that, Value):
            that = Value(that)
        result = Value(self.data + that.data, (self, that), "+")

        def _backward():
            self.grad += result.grad
            that.grad += result.grad
        result._backward = _backward

        return result

    def __mul__(self, that):
        if not isinstance(that, Value):
            that = Value(that)
        result = Value(self.data * that.data, (self, that), "*")

        def _backward():
            self.grad += that.data * result.grad
            that.grad += self.data * result.grad
        result._backward = _backward

        return result

    def __pow__(self, that):
        assert isinstance(that, (int, float)), "only int/float powers"
        result = Value(self.data**that, (self,), f"**{that}")

        def _backward():
            self.grad += (that * self.data**(that-1)) * result.grad
        result._backward = _backward

        return result

    def __neg__(self):
        """-self"""
        return self * -1

    def __radd__(self, that):
        """that + self"""
        return self + that

    def __sub__(self, that):
        """self - that"""
        return self + (-that)

    def __rsub__(self, that):
        """that - self"""
        return that + (-self)

    def __rmul__(self, that):
        """that * self"""
        return self * that

    def __truediv__(self, that):
        """self / that"""
        return self * that**-1

    def __rtruediv__(self, that):
        """that / self"""
        return that * self**-1

    def relu(self):
        result = Value(0 if self.data < 0 else self.data, (self,), "ReLU")

        def _backward():
            self.grad += (result.data > 0) * result.grad
        result._backward = _backward

        return result

    def tanh(self):
        y = math.tanh(self.data)
        result = Value(y, (self,), "tanh")

        def _backward():
            self.grad += (1 - y**2) * result.grad
        result._backward = _backward

        return result
