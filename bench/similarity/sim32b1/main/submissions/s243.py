# Beatriz S. -- engine.py, exercício 04
# Versão com dataclass; as regras de derivada ficam em funções do módulo.
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Callable


def _no_rule(node: "Value") -> None:
    pass


@dataclass(eq=False)
class Value:
    data: float
    parents: tuple = ()
    rule: Callable[["Value"], None] = _no_rule
    op: str = ""
    grad: float = field(default=0.0)

    def __add__(self, other) -> Value:
        other = _val(other)
        return Value(self.data + other.data, (self, other), _add_rule, "+")

    def __mul__(self, other) -> Value:
        other = _val(other)
        return Value(self.data * other.data, (self, other), _mul_rule, "*")

    def __pow__(self, k: float) -> Value:
        assert isinstance(k, (int, float)), "só potências constantes"
        node = Value(self.data ** k, (self,), _pow_rule, "**")
        node.k = k
        return node

    def exp(self) -> Value:
        return Value(math.exp(self.data), (self,), _exp_rule, "exp")

    def log(self) -> Value:
        return Value(math.log(self.data), (self,), _log_rule, "log")

    def tanh(self) -> Value:
        return Value(math.tanh(self.data), (self,), _tanh_rule, "tanh")

    def relu(self) -> Value:
        return Value(0 if self.data < 0 else self.data, (self,), _relu_rule, "relu")

    __radd__ = __add__
    __rmul__ = __mul__

    def __neg__(self) -> Value:
        return self * -1

    def __sub__(self, other) -> Value:
        return self + (-_val(other))

    def __rsub__(self, other) -> Value:
        return _val(other) + (-self)

    def __truediv__(self, other) -> Value:
        return self * _val(other) ** -1

    def __rtruediv__(self, other) -> Value:
        return _val(other) * self ** -1

    def backward(self) -> None:
        ordem: list[Value] = []
        vistos: set[int] = set()

        def visitar(v: Value) -> None:
            if id(v) not in vistos:
                vistos.add(id(v))
                for p in v.parents:
                    visitar(p)
                ordem.append(v)

        visitar(self)
        self.grad = 1.0
        for v in reversed(ordem):
            v.rule(v)

    def __repr__(self) -> str:
        return f"Value(data={self.data}, grad={self.grad})"


def _val(x) -> Value:
    return x if isinstance(x, Value) else Value(x)


# regras: cada uma recebe o nó de saída e passa o gradiente aos pais
def _add_rule(out: Value) -> None:
    a, b = out.parents
    a.grad += out.grad
    b.grad += out.grad


def _mul_rule(out: Value) -> None:
    a, b = out.parents
    a.grad += b.data * out.grad
    b.grad += a.data * out.grad


def _pow_rule(out: Value) -> None:
    (a,) = out.parents
    a.grad += out.k * a.data ** (out.k - 1) * out.grad


def _exp_rule(out: Value) -> None:
    (a,) = out.parents
    a.grad += out.data * out.grad


def _log_rule(out: Value) -> None:
    (a,) = out.parents
    a.grad += out.grad / a.data


def _tanh_rule(out: Value) -> None:
    (a,) = out.parents
    a.grad += (1 - out.data ** 2) * out.grad


def _relu_rule(out: Value) -> None:
    (a,) = out.parents
    a.grad += (out.data > 0) * out.grad
