"""Lab 2: micro-autograd. Ravi Menon.

Written from scratch with __slots__ (memory: the MLP lab builds a lot of
nodes) and type hints throughout.
"""
from __future__ import annotations

import math
from typing import Callable, Iterable, Union

Number = Union[int, float]


class Value:
    __slots__ = ("data", "grad", "_backward", "_prev", "_op")

    def __init__(self, data: float, _children: Iterable[Value] = (), _op: str = "") -> None:
        self.data: float = data
        self.grad: float = 0.0
        self._backward: Callable[[], None] = lambda: None
        self._prev: frozenset[Value] = frozenset(_children)
        self._op: str = _op

    def __repr__(self) -> str:
        return f"Value(data={self.data!r}, grad={self.grad!r})"

    @staticmethod
    def _wrap(x: Union[Value, Number]) -> Value:
        return x if isinstance(x, Value) else Value(float(x))

    def __add__(self, other: Union[Value, Number]) -> Value:
        rhs = Value._wrap(other)
        result = Value(self.data + rhs.data, (self, rhs), "+")

        def grad_fn() -> None:
            self.grad += result.grad
            rhs.grad += result.grad

        result._backward = grad_fn
        return result

    def __mul__(self, other: Union[Value, Number]) -> Value:
        rhs = Value._wrap(other)
        result = Value(self.data * rhs.data, (self, rhs), "*")

        def grad_fn() -> None:
            self.grad += rhs.data * result.grad
            rhs.grad += self.data * result.grad

        result._backward = grad_fn
        return result

    def __pow__(self, k: Number) -> Value:
        if not isinstance(k, (int, float)):
            raise TypeError("exponent must be a constant number")
        result = Value(self.data ** k, (self,), f"**{k}")

        def grad_fn() -> None:
            self.grad += k * self.data ** (k - 1) * result.grad

        result._backward = grad_fn
        return result

    def _unary(self, y: float, dy_dx: float, op: str) -> Value:
        result = Value(y, (self,), op)

        def grad_fn() -> None:
            self.grad += dy_dx * result.grad

        result._backward = grad_fn
        return result

    def relu(self) -> Value:
        positive = self.data > 0
        return self._unary(self.data if positive else 0.0, 1.0 if positive else 0.0, "relu")

    def tanh(self) -> Value:
        t = math.tanh(self.data)
        return self._unary(t, 1.0 - t * t, "tanh")

    def exp(self) -> Value:
        e = math.exp(self.data)
        return self._unary(e, e, "exp")

    def log(self) -> Value:
        return self._unary(math.log(self.data), 1.0 / self.data, "log")

    def __neg__(self) -> Value:
        return self * -1.0

    def __sub__(self, other: Union[Value, Number]) -> Value:
        return self + (-Value._wrap(other))

    def __rsub__(self, other: Number) -> Value:
        return Value._wrap(other) + (-self)

    def __truediv__(self, other: Union[Value, Number]) -> Value:
        return self * Value._wrap(other) ** -1

    def __rtruediv__(self, other: Number) -> Value:
        return Value._wrap(other) * self ** -1

    __radd__ = __add__
    __rmul__ = __mul__

    def backward(self) -> None:
        order: list[Value] = []
        seen: set[Value] = set()
        stack: list[tuple[Value, bool]] = [(self, False)]
        while stack:
            node, finished = stack.pop()
            if finished:
                order.append(node)
                continue
            if node in seen:
                continue
            seen.add(node)
            stack.append((node, True))
            stack.extend((child, False) for child in node._prev if child not in seen)
        self.grad = 1.0
        for node in reversed(order):
            node._backward()
