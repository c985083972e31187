# The core of this file (Value's __init__, __add__, __mul__, __pow__, relu and backward) is copied from micrograd,
# https://github.com/karpathy/micrograd, MIT License, Copyright (c) 2020 Andrej Karpathy; the rest is mine.
import math


class Value:
    """ stores a single scalar value and its gradient """

    def __init__(self, data, _children=(), _op=''):
        self.data = data
        self.grad = 0
        # internal variables used for autograd graph construction
        self._backward = lambda: None
        self._prev = set(_children)
        self._op = _op # the op that produced this node, for graphviz / debugging / etc

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

    def __pow__(self, other):
        assert isinstance(other, (int, float)), "only supporting int/float powers for now"
        out = Value(self.data**other, (self,), f'**{other}')

        def _backward():
            self.grad += (other * self.data**(other-1)) * out.grad
        out._backward = _backward

        return out

    def relu(self):
        out = Value(0 if self.data < 0 else self.data, (self,), 'ReLU')

        def _backward():
            self.grad += (out.data > 0) * out.grad
        out._backward = _backward

        return out

    def backward(self):

        # topological order all of the children in the graph
        topo = []
        visited = set()
        def build_topo(v):
            if v not in visited:
                visited.add(v)
                for child in v._prev:
                    build_topo(child)
                topo.append(v)
        build_topo(self)

        # go one variable at a time and apply the chain rule to get its gradient
        self.grad = 1
        for v in reversed(topo):
            v._backward()

    # my part: the other ops, each with its own derivative instead of going through * and **

    def __neg__(self):
        result = Value(-self.data, (self,), 'neg')

        def grad_fn():
            self.grad -= result.grad
        result._backward = grad_fn
        return result

    def __sub__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        result = Value(self.data - other.data, (self, other), '-')

        def grad_fn():
            self.grad += result.grad
            other.grad -= result.grad
        result._backward = grad_fn
        return result

    def __truediv__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        result = Value(self.data / other.data, (self, other), '/')

        def grad_fn():
            self.grad += result.grad / other.data
            other.grad -= result.grad * self.data / other.data ** 2
        result._backward = grad_fn
        return result

    def tanh(self):
        th = math.tanh(self.data)
        result = Value(th, (self,), 'tanh')

        def grad_fn():
            self.grad += result.grad * (1.0 - th * th)
        result._backward = grad_fn
        return result

    def exp(self):
        ex = math.exp(self.data)
        result = Value(ex, (self,), 'exp')

        def grad_fn():
            self.grad += result.grad * ex
        result._backward = grad_fn
        return result

    def log(self):
        if self.data <= 0:
            raise ValueError("log needs a positive value, got %r" % self.data)
        result = Value(math.log(self.data), (self,), 'log')

        def grad_fn():
            self.grad += result.grad / self.data
        result._backward = grad_fn
        return result

    def __radd__(self, other):
        return self + other

    def __rmul__(self, other):
        return self * other

    def __rsub__(self, other):
        return Value(other) - self

    def __rtruediv__(self, other):
        return Value(other) / self

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"
