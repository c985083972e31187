import math
import sys

sys.setrecursionlimit(10000)

class Value:
    """ stores a single scalar value and its gradient """

    def __init__(self, data, _children=(), _op=''):
        self.data = data
        self.grad = 0
        # bookkeeping for the graph
        self._backward = lambda: None
        self._prev = set(_children)
        self._op = _op # the op that produced this node, for graphviz / debugging / etc

    def __add__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        result = Value(self.data + other.data, (self, other), '+')

        def _backward():
            self.grad += result.grad
            other.grad += result.grad
        result._backward = _backward

        return result

    def __mul__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        result = Value(self.data * other.data, (self, other), '*')

        def _backward():
            self.grad += other.data * result.grad
            other.grad += self.data * result.grad
        result._backward = _backward

        return result

    def __pow__(self, other):
        assert isinstance(other, (int, float)), "only supporting int/float powers for now"
        result = Value(self.data**other, (self,), f'**{other}')

        def _backward():
            self.grad += (other * self.data**(other-1)) * result.grad
        result._backward = _backward

        return result

    def relu(self):
        result = Value(0 if self.data < 0 else self.data, (self,), 'ReLU')

        def _backward():
            self.grad += (result.data > 0) * result.grad
        result._backward = _backward

        return result

    def tanh(self):
        t = math.tanh(self.data)
        result = Value(t, (self,), 'tanh')

        def _backward():
            self.grad += (1 - t**2) * result.grad
        result._backward = _backward

        return result

    def exp(self):
        result = Value(math.exp(self.data), (self,), 'exp')

        def _backward():
            self.grad += result.data * result.grad
        result._backward = _backward

        return result

    def log(self):
        result = Value(math.log(self.data), (self,), 'log')

        def _backward():
            self.grad += (1 / self.data) * result.grad
        result._backward = _backward

        return result

    def backward(self):

        # order the nodes so each comes after its inputs
        ordering = []
        seen = set()
        def visit(node):
            if node not in seen:
                seen.add(node)
                for prev in node._prev:
                    visit(prev)
                ordering.append(node)
        visit(self)

        # chain rule, from the output back
        self.grad = 1
        for node in reversed(ordering):
            node._backward()

    def __neg__(self): # -self
        return self * -1

    def __radd__(self, other): # other + self
        return self + other

    def __sub__(self, other): # self - other
        return self + (-other)

    def __rsub__(self, other): # other - self
        return other + (-self)

    def __rmul__(self, other): # other * self
        return self * other

    def __truediv__(self, other): # self / other
        return self * other**-1

    def __rtruediv__(self, other): # other / self
        return other * self**-1

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"


Scalar = Value
