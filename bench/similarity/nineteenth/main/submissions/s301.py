"""Ayesha's engine for exercise 03: scalar reverse-mode autodiff with tanh."""

from __future__ import annotations

import math
from typing import Callable, Iterable, Union

Number = Union[int, float]


class Value:
    def __init__(self, data: Number, _children: Iterable[Value] = (), _op: str = "") -> None:
        self.data: Number = data
        self.grad: float = 0
        self._backward: Callable[[], None] = lambda: None
        self._prev: tuple[Value, ...] = tuple(dict.fromkeys(_children))
        self._op: str = _op

    @staticmethod
    def _lift(x: Union[Value, Number]) -> Value:
        return x if isinstance(x, Value) else Value(x)

    def __add__(self, other: Union[Value, Number]) -> Value:
        rhs = Value._lift(other)
        out = Value(self.data + rhs.data, (self, rhs), "+")

        def _backward() -> None:
            self.grad += out.grad
            rhs.grad += out.grad

        out._backward = _backward
        return out

    def __mul__(self, other: Union[Value, Number]) -> Value:
        rhs = Value._lift(other)
        out = Value(self.data * rhs.data, (self, rhs), "*")

        def _backward() -> None:
            self.grad += rhs.data * out.grad
            rhs.grad += self.data * out.grad

        out._backward = _backward
        return out

    def __radd__(self, other: Number) -> Value:
        return self + other

    def __rmul__(self, other: Number) -> Value:
        return self * other

    def relu(self) -> Value:
        out = Value(self.data if self.data > 0 else 0, (self,), "ReLU")

        def _backward() -> None:
            self.grad += (1.0 if self.data > 0 else 0.0) * out.grad

        out._backward = _backward
        return out

    def tanh(self) -> Value:
        t: float = math.tanh(self.data)
        out = Value(t, (self,), "tanh")

        def _backward() -> None:
            self.grad += (1.0 - t * t) * out.grad

        out._backward = _backward
        return out

    def backward(self) -> None:
        order: list[Value] = []
        seen: set[int] = set()
        stack: list[tuple[Value, bool]] = [(self, False)]
        while stack:
            node, expanded = stack.pop()
            if expanded:
                order.append(node)
                continue
            if id(node) in seen:
                continue
            seen.add(id(node))
            stack.append((node, True))
            for child in node._prev:
                stack.append((child, False))
        self.grad = 1.0
        for node in reversed(order):
            node._backward()

    def __repr__(self) -> str:
        return f"Value(data={self.data}, grad={self.grad})"
