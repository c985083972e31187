"""engine.py -- reverse-mode automatic differentiation on scalars.

HW5 submission, Will Young.
"""

from __future__ import annotations

from typing import Callable, Iterator, Optional, Union

Operand = Union["Value", int, float]


class Value:
    """A differentiable scalar.

    Each Value records the Values it was computed from (its parents) and a
    closure that propagates its gradient to them.
    """

    __slots__ = ("data", "grad", "_parents", "_grad_fn", "_op")

    def __init__(self, data: float, parents: tuple[Value, ...] = (), op: str = "") -> None:
        self.data = data
        self.grad = 0.0
        self._parents = parents
        self._grad_fn: Optional[Callable[[], None]] = None
        self._op = op

    @classmethod
    def _coerce(cls, x: Operand) -> Value:
        """Return x as a Value, wrapping plain numbers."""
        return x if isinstance(x, Value) else cls(x)

    def __add__(self, other: Operand) -> Value:
        other = self._coerce(other)
        out = Value(self.data + other.data, (self, other), "+")

        def grad_fn() -> None:
            self.grad += out.grad
            other.grad += out.grad

        out._grad_fn = grad_fn
        return out

    def __mul__(self, other: Operand) -> Value:
        other = self._coerce(other)
        out = Value(self.data * other.data, (self, other), "*")

        def grad_fn() -> None:
            self.grad += other.data * out.grad
            other.grad += self.data * out.grad

        out._grad_fn = grad_fn
        return out

    def relu(self) -> Value:
        out = Value(self.data if self.data > 0 else 0.0, (self,), "relu")

        def grad_fn() -> None:
            if out.data > 0:
                self.grad += out.grad

        out._grad_fn = grad_fn
        return out

    def __radd__(self, other: Operand) -> Value:
        return self + other

    def __rmul__(self, other: Operand) -> Value:
        return self * other

    def _topo_sort(self) -> Iterator[Value]:
        """Yield every node of the graph rooted at self, outputs before inputs."""
        order: list[Value] = []
        seen: set[int] = set()
        stack: list[tuple[Value, bool]] = [(self, False)]
        while stack:
            node, done = stack.pop()
            if done:
                order.append(node)
            elif id(node) not in seen:
                seen.add(id(node))
                stack.append((node, True))
                stack.extend((p, False) for p in node._parents)
        return reversed(order)

    def backward(self) -> None:
        """Populate .grad on every node that this Value depends on."""
        self.grad = 1.0
        for node in self._topo_sort():
            if node._grad_fn is not None:
                node._grad_fn()

    def __repr__(self) -> str:
        return f"Value(data={self.data!r}, grad={self.grad!r})"
