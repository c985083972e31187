# engine.py -- homework 1
# Adapted from micrograd/engine.py, https://github.com/karpathy/micrograd
# Copyright (c) 2020 Andrej Karpathy, MIT License (permission notice: see the micrograd repository's LICENSE,
# which is to be included with copies of the Software)
import math


class Value:
    """ holds one scalar and the gradient of the loss with respect to it """

    def __init__(self, data: float, _children: tuple = (), _op: str = ''):
        self.data = data
        self.grad = 0
        # bookkeeping for the graph
        self._backward = lambda: None
        self._prev = set(_children)
        self._op = _op  # which operation made this node

    def __add__(self, o: "Value") -> "Value":
        o = o if isinstance(o, Value) else Value(o)
        result = Value(self.data + o.data, (self, o), '+')

        def _backward():
            self.grad += result.grad
            o.grad += result.grad
        result._backward = _backward

        return result

    def __mul__(self, o: "Value") -> "Value":
        o = o if isinstance(o, Value) else Value(o)
        result = Value(self.data * o.data, (self, o), '*')

        def _backward():
            self.grad += o.data * result.grad
            o.grad += self.data * result.grad
        result._backward = _backward

        return result

    def __pow__(self, o: float) -> "Value":
        assert isinstance(o, (int, float)), "only supporting int/float powers for now"
        result = Value(self.data**o, (self,), f'**{o}')

        def _backward():
            self.grad += (o * self.data**(o-1)) * result.grad
        result._backward = _backward

        return result

    def relu(self) -> "Value":
        result = Value(0 if self.data < 0 else self.data, (self,), 'ReLU')

        def _backward():
            self.grad += (result.data > 0) * result.grad
        result._backward = _backward

        return result

    # --- added for the homework ---
    def tanh(self) -> "Value":
        result = Value(math.tanh(self.data), (self,), 'tanh')

        def _backward():
            self.grad += (1 - result.data**2) * result.grad
        result._backward = _backward
        return result

    def exp(self) -> "Value":
        result = Value(math.exp(self.data), (self,), 'exp')

        def _backward():
            self.grad += result.data * result.grad
        result._backward = _backward
        return result

    def log(self) -> "Value":
        result = Value(math.log(self.data), (self,), 'log')

        def _backward():
            self.grad += result.grad / self.data
        result._backward = _backward
        return result

    def backward(self) -> None:

        # order the nodes so that each comes after its inputs
        order = []
        done = set()
        def build(n):
            if n not in done:
                done.add(n)
                for c in n._prev:
                    build(c)
                order.append(n)
        build(self)

        # chain rule, one node at a time, from the output back
        self.grad = 1
        for n in reversed(order):
            n._backward()

    def __neg__(self) -> "Value": # -self
        return self * -1

    def __radd__(self, o) -> "Value": # o + self
        return self + o

    def __sub__(self, o) -> "Value": # self - o
        return self + (-o)

    def __rsub__(self, o) -> "Value": # o - self
        return o + (-self)

    def __rmul__(self, o) -> "Value": # o * self
        return self * o

    def __truediv__(self, o) -> "Value": # self / o
        return self * o**-1

    def __rtruediv__(self, o) -> "Value": # o / self
        return o * self**-1

    def __repr__(self) -> str:
        return f"Value(data={self.data}, grad={self.grad})"
