"""Forward-mode AD with dual numbers (lab 8).

My own version: a dataclass instead of the starter's class, type hints everywhere.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable, Union

Number = Union[int, float]


@dataclass
class Dual:
    """a + a'ε with ε² = 0: `value` is a, `deriv` is a'."""

    value: Number
    deriv: Number = 0.0

    @staticmethod
    def of(x: Union["Dual", Number]) -> "Dual":
        return x if isinstance(x, Dual) else Dual(x)

    def __add__(self, other: Union["Dual", Number]) -> "Dual":
        o = Dual.of(other)
        return Dual(self.value + o.value, self.deriv + o.deriv)

    __radd__ = __add__

    def __mul__(self, other: Union["Dual", Number]) -> "Dual":
        o = Dual.of(other)
        return Dual(self.value * o.value, self.deriv * o.value + self.value * o.deriv)

    __rmul__ = __mul__

    def __neg__(self) -> "Dual":
        return Dual(-self.value, -self.deriv)

    def __sub__(self, other: Union["Dual", Number]) -> "Dual":
        return self + (-Dual.of(other))

    def __rsub__(self, other: Number) -> "Dual":
        return Dual.of(other) - self

    def __truediv__(self, other: Union["Dual", Number]) -> "Dual":
        o = Dual.of(other)
        return Dual(self.value / o.value, (self.deriv * o.value - self.value * o.deriv) / o.value**2)

    def __rtruediv__(self, other: Number) -> "Dual":
        return Dual.of(other) / self

    def __pow__(self, k: Union["Dual", Number]) -> "Dual":
        if isinstance(k, Dual):
            v = self.value**k.value
            return Dual(v, v * (k.deriv * math.log(self.value) + k.value * self.deriv / self.value))
        return Dual(self.value**k, k * self.value ** (k - 1) * self.deriv)

    def __rpow__(self, c: Number) -> "Dual":
        v = c**self.value
        return Dual(v, v * math.log(c) * self.deriv)

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
        # relu'(0) = 0, as the engine has it
        return self._apply(lambda a: a if a > 0 else 0, lambda a: 1.0 if a > 0 else 0.0)


def derivative(f: Callable[[Dual], Union[Dual, Number]], x: Number) -> float:
    """df/dx at x: seed with derivative 1, read the ε part (0 for a constant result)."""
    y = f(Dual(x, 1.0))
    return y.deriv if isinstance(y, Dual) else 0.0
