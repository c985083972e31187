from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Tuple


def _noop() -> None:
    pass


@dataclass(eq=False)
class Value:
    data: float
    _children: Tuple["Value", ...] = ()
    _op: str = ""
    grad: float = 0.0
    _backward: Callable[[], None] = field(default=_noop, repr=False)

    def __post_init__(self) -> None:
        # unique parents, order kept
        self._prev: Tuple[Value, ...] = tuple(dict.fromkeys(self._children))

    @staticmethod
    def wrap(x: "Value | float") -> Value:
        return x if isinstance(x, Value) else Value(x)

    def __add__(self, other: "Value | float") -> Value:
        rhs = Value.wrap(other)
        res = Value(self.data + rhs.data, (self, rhs), "+")

        def rule() -> None:
            self.grad += res.grad
            rhs.grad += res.grad

        res._backward = rule
        return res

    def __mul__(self, other: "Value | float") -> Value:
        rhs = Value.wrap(other)
        res = Value(self.data * rhs.data, (self, rhs), "*")

        def rule() -> None:
            self.grad += rhs.data * res.grad
            rhs.grad += self.data * res.grad

        res._backward = rule
        return res

    def relu(self) -> Value:
        res = Value(self.data if self.data > 0 else 0.0, (self,), "ReLU")

        def rule() -> None:
            self.grad += (1.0 if res.data > 0 else 0.0) * res.grad

        res._backward = rule
        return res

    def __radd__(self, other: float) -> Value:
        return self + other

    def __rmul__(self, other: float) -> Value:
        return self * other
