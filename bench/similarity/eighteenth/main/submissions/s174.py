import math


class Value:
    """A scalar value and its gradient."""

    def __init__(self, data, _children=(), _op=""):
        self.data = data
        self.grad = 0
        self._prev = set(_children)  # the nodes this one was computed from
        self._op = _op  # which op made it
        self._backward = lambda: None

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"

    def backward(self):
        """Topological sort, then the chain rule from the output back."""
        ordered, marked = [], set()

        def sort_from(node):
            if node in marked:
                return
            marked.add(node)
            for parent in node._prev:
                sort_from(parent)
            ordered.append(node)

        sort_from(self)
        self.grad = 1
        for node in ordered[::-1]:
            node._backward()

    def __add__(self, operand):
        if not isinstance(operand, Value):
            operand = Value(operand)
        result = Value(self.data + operand.data, (self, operand), "+")

        def _backward():
            self.grad += result.grad
            operand.grad += result.grad

        result._backward = _backward
        return result

    def __radd__(self, operand):
        """operand + self"""
        return self + operand

    def __mul__(self, operand):
        if not isinstance(operand, Value):
            operand = Value(operand)
        result = Value(self.data * operand.data, (self, operand), "*")

        def _backward():
            self.grad += operand.data * result.grad
            operand.grad += self.data * result.grad

        result._backward = _backward
        return result

    def __rmul__(self, operand):
        """operand * self"""
        return self * operand

    def __pow__(self, operand):
        assert isinstance(operand, (int, float)), "int/float powers only"
        result = Value(self.data ** operand, (self,), f"**{operand}")

        def _backward():
            self.grad += operand * self.data ** (operand - 1) * result.grad

        result._backward = _backward
        return result

    def __neg__(self):
        """-self"""
        return self * -1

    def __sub__(self, operand):
        """self - operand"""
        return self + (-operand)

    def __rsub__(self, operand):
        """operand - self"""
        return operand + (-self)

    def __truediv__(self, operand):
        """self / operand"""
        return self * operand ** -1

    def __rtruediv__(self, operand):
        """operand / self"""
        return operand * self ** -1

    def relu(self):
        result = Value(0 if self.data < 0 else self.data, (self,), "ReLU")

        def _backward():
            self.grad += (result.data > 0) * result.grad

        result._backward = _backward
        return result

    # mine: tanh, exp and log
    def tanh(self):
        y = math.tanh(self.data)
        result = Value(y, (self,), "tanh")

        def _backward():
            self.grad += (1 - y ** 2) * result.grad

        result._backward = _backward
        return result

    def exp(self):
        y = math.exp(self.data)
        result = Value(y, (self,), "exp")

        def _backward():
            self.grad += y * result.grad

        result._backward = _backward
        return result

    def log(self):
        result = Value(math.log(self.data), (self,), "log")

        def _backward():
            self.grad += result.grad / self.data

        result._backward = _backward
        return result
