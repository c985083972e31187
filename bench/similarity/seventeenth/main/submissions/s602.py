"""Forward-mode autodiff with dual numbers (08)."""

from __future__ import annotations

import math
from typing import Callable, Union

Number = Union[int, float]


class Dual:
    """a + a'ε with ε² = 0: `value` is a, `deriv` is a'."""

    def __init__(self, value: Number, deriv: Number = 0.0) -> None:
        self.value: Number = value
        self.deriv: Number = deriv

    @staticmethod
    def lift(x: Union["Dual", Number]) -> "Dual":
        return x if isinstance(x, Dual) else Dual(x, 0.0)

    def __add__(self, other: Union["Dual", Number]) -> "Dual":
        o: Dual = Dual.lift(other)
        return Dual(self.value + o.value, self.deriv + o.deriv)

    def __radd__(self, other: Number) -> "Dual":
        return self + other

    def __sub__(self, other: Union["Dual", Number]) -> "Dual":
        return self + (-Dual.lift(other))

    def __rsub__(self, other: Number) -> "Dual":
        return Dual.lift(other) - self

    def __mul__(self, other: Union["Dual", Number]) -> "Dual":
        o: Dual = Dual.lift(other)
        return Dual(self.value * o.value, self.deriv * o.value + self.value * o.deriv)

    def __rmul__(self, other: Number) -> "Dual":
        return self * other

    def __truediv__(self, other: Union["Dual", Number]) -> "Dual":
        o: Dual = Dual.lift(other)
        value: float = self.value / o.value
        return Dual(value, (self.deriv * o.value - self.value * o.deriv) / (o.value * o.value))

    def __rtruediv__(self, other: Number) -> "Dual":
        return Dual.lift(other) / self

    def __neg__(self) -> "Dual":
        return Dual(-self.value, -self.deriv)

    def __pow__(self, k: Union["Dual", Number]) -> "Dual":
        if isinstance(k, Dual):
            value: float = self.value ** k.value
            deriv: float = value * (k.deriv * math.log(self.value) + k.value * self.deriv / self.value)
            return Dual(value, deriv)
        return Dual(self.value ** k, k * self.value ** (k - 1) * self.deriv)

    def __rpow__(self, c: Number) -> "Dual":
        value: float = c ** self.value
        return Dual(value, value * math.log(c) * self.deriv)

    def _apply(self, g: Callable[[float], float], dg: Callable[[float], float]) -> "Dual":
        return Dual(g(self.value), dg(self.value) * self.deriv)

    def sin(self) -> "Dual":
        return self._apply(math.sin, math.cos)

    def cos(self) -> "Dual":
        return self._apply(math.cos, lambda a: -math.sin(a))

    def exp(self) -> "Dual":
        return self._apply(math.exp, math.exp)

    def log(self) -> "Dual":
        return self._apply(math.log, lambda a: 1.0 / a)

    def tanh(self) -> "Dual":
        return self._apply(math.tanh, lambda a: 1.0 - math.tanh(a) ** 2)

    def relu(self) -> "Dual":
        return self._apply(lambda a: a if a > 0 else 0.0, lambda a: 1.0 if a > 0 else 0.0)

    def __repr__(self) -> str:
        return f"Dual({self.value!r}, {self.deriv!r})"


def derivative(f: Callable[[Dual], Union[Dual, Number]], x: Number) -> float:
    out = f(Dual(x, 1.0))
    return out.deriv if isinstance(out, Dual) else 0.0
