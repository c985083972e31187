"""HW2 -- Pavel Zaitsev. Written from scratch with full typing (mypy --strict clean).

I did not use the starter's BACKWARD_RULES table: each node stores its own
local derivatives (computed in the forward pass) so backward() needs no lookup.
"""

from __future__ import annotations

import math
from typing import Final, Sequence, Union, overload

Number = Union[int, float]
ONE: Final[float] = 1.0
ZERO: Final[float] = 0.0


class Value:
    __slots__ = ("data", "grad", "_inputs", "_locals")

    def __init__(self, data: Number, inputs: Sequence[Value] = (), locals_: Sequence[float] = ()) -> None:
        self.data: float = float(data)
        self.grad: float = ZERO
        self._inputs: tuple[Value, ...] = tuple(inputs)
        self._locals: tuple[float, ...] = tuple(locals_)

    @overload
    @staticmethod
    def cast(x: Value) -> Value: ...

    @overload
    @staticmethod
    def cast(x: Number) -> Value: ...

    @staticmethod
    def cast(x: Value | Number) -> Value:
        return x if isinstance(x, Value) else Value(x)

    def __add__(self, other: Value | Number) -> Value:
        o = Value.cast(other)
        return Value(self.data + o.data, (self, o), (ONE, ONE))

    def __mul__(self, other: Value | Number) -> Value:
        o = Value.cast(other)
        return Value(self.data * o.data, (self, o), (o.data, self.data))

    def __pow__(self, k: Number) -> Value:
        return Value(self.data ** k, (self,), (k * self.data ** (k - 1),))

    def relu(self) -> Value:
        positive: bool = self.data > 0
        return Value(self.data if positive else ZERO, (self,), (ONE if positive else ZERO,))

    def tanh(self) -> Value:
        t: float = math.tanh(self.data)
        return Value(t, (self,), (ONE - t * t,))

    def exp(self) -> Value:
        e: float = math.exp(self.data)
        return Value(e, (self,), (e,))

    def log(self) -> Value:
        return Value(math.log(self.data), (self,), (ONE / self.data,))

    def __neg__(self) -> Value:
        return self * -ONE

    def __radd__(self, other: Number) -> Value:
        return self + other

    def __sub__(self, other: Value | Number) -> Value:
        return self + -Value.cast(other)

    def __rsub__(self, other: Number) -> Value:
        return Value.cast(other) + -self

    def __rmul__(self, other: Number) -> Value:
        return self * other

    def __truediv__(self, other: Value | Number) -> Value:
        return self * Value.cast(other) ** -1

    def __rtruediv__(self, other: Number) -> Value:
        return Value.cast(other) * self ** -1

    def _ordered(self) -> list[Value]:
        out: list[Value] = []
        seen: set[int] = {id(self)}
        frames: list[tuple[Value, int]] = [(self, 0)]
        while frames:
            node, i = frames.pop()
            if i < len(node._inputs):
                frames.append((node, i + 1))
                nxt: Value = node._inputs[i]
                if id(nxt) not in seen:
                    seen.add(id(nxt))
                    frames.append((nxt, 0))
            else:
                out.append(node)
        return out

    def backward(self) -> None:
        self.grad = ONE
        for node in reversed(self._ordered()):
            for inp, local in zip(node._inputs, node._locals):
                inp.grad += local * node.grad

    def __repr__(self) -> str:
        return f"Value({self.data!r}, grad={self.grad!r})"
