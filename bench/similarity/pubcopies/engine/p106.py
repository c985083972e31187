"""Assignment 1: scalar autograd. Sources: lecture notes + micrograd repo."""
from __future__ import annotations

import math


class Value:
    """A scalar node in the computation graph."""

    def __init__(self, data: float, _children: tuple = (), _op: str = '') -> None:
        self.data: float = data
        self.grad: float = 0
        self._backward = lambda: None
        self._prev: set = set(_children)
        self._op: str = _op

    def __add__(self, other: Value | float) -> Value:
        other = other if isinstance(other, Value) else Value(other)
        res: Value = Value(self.data + other.data, (self, other), '+')

        def _backward() -> None:
            self.grad += res.grad
            other.grad += res.grad
        res._backward = _backward
        return res

    def __mul__(self, other: Value | float) -> Value:
        other = other if isinstance(other, Value) else Value(other)
        res: Value = Value(self.data * other.data, (self, other), '*')

        def _backward() -> None:
            self.grad += other.data * res.grad
            other.grad += self.data * res.grad
        res._backward = _backward
        return res

    def __pow__(self, power: int | float) -> Value:
        assert isinstance(power, (int, float)), "only supporting int/float powers for now"
        res: Value = Value(self.data**power, (self,), f'**{power}')

        def _backward() -> None:
            self.grad += (power * self.data**(power-1)) * res.grad
        res._backward = _backward
        return res

    def relu(self) -> Value:
        res: Value = Value(0 if self.data < 0 else self.data, (self,), 'ReLU')

        def _backward() -> None:
            self.grad += (res.data > 0) * res.grad
        res._backward = _backward
        return res

    def exp(self) -> Value:
        res: Value = Value(math.exp(self.data), (self,), 'exp')

        def _backward() -> None:
            self.grad += res.data * res.grad
        res._backward = _backward
        return res

    def log(self) -> Value:
        res: Value = Value(math.log(self.data), (self,), 'log')

        def _backward() -> None:
            self.grad += res.grad / self.data
        res._backward = _backward
        return res

    def tanh(self) -> Value:
        e: Value = (2 * self).exp()
        return (e - 1) / (e + 1)

    def backward(self) -> None:
        topo: list = []
        visited: set = set()

        def build_topo(v: Value) -> None:
            if v not in visited:
                visited.add(v)
                for child in v._prev:
                    build_topo(child)
                topo.append(v)
        build_topo(self)
        self.grad = 1
        for v in reversed(topo):
            v._backward()

    def __neg__(self) -> Value:
        return self * -1

    def __radd__(self, other: float) -> Value:
        return self + other

    def __sub__(self, other: Value | float) -> Value:
        return self + (-other)

    def __rsub__(self, other: float) -> Value:
        return other + (-self)

    def __rmul__(self, other: float) -> Value:
        return self * other

    def __truediv__(self, other: Value | float) -> Value:
        return self * other**-1

    def __rtruediv__(self, other: float) -> Value:
        return other * self**-1

    def __repr__(self) -> str:
        return f"Value(data={self.data}, grad={self.grad})"
