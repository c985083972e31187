"""MATH 2140 lab 2 -- Bogdan Petrov.

The operators are not written one by one: a metaclass reads the SPEC list
(name, arity, forward, local derivatives) and makes every method from it.
"""
import math


def _coerce(x):
    return x if isinstance(x, Value) else Value(x)


# name, number of operands, forward(*xs), derivatives(y, *xs) -> one per operand
SPEC = [
    ("__add__", 2, lambda a, b: a + b, lambda y, a, b: (1.0, 1.0)),
    ("__mul__", 2, lambda a, b: a * b, lambda y, a, b: (b, a)),
    ("relu", 1, lambda a: a if a > 0 else 0.0, lambda y, a: ((a > 0) * 1.0,)),
    ("tanh", 1, math.tanh, lambda y, a: (1.0 - y ** 2,)),
    ("exp", 1, math.exp, lambda y, a: (y,)),
    ("log", 1, math.log, lambda y, a: (1.0 / a,)),
]


def _make(name, arity, forward, derivs):
    def method(self, *rest):
        xs = (self,) + tuple(_coerce(r) for r in rest)
        if len(xs) != arity:
            raise TypeError(f"{name} takes {arity} operands")
        if name == "log" and self.data <= 0:
            raise ValueError(f"log of a non-positive number ({self.data})")
        out = Value(forward(*(x.data for x in xs)), xs, name.strip("_"))
        out.locals = derivs(out.data, *(x.data for x in xs))
        return out
    method.__name__ = name
    return method


class OpsFromSpec(type):
    def __new__(mcs, cls_name, bases, ns):
        for name, arity, forward, derivs in SPEC:
            ns.setdefault(name, _make(name, arity, forward, derivs))
        return super().__new__(mcs, cls_name, bases, ns)


class Value(metaclass=OpsFromSpec):
    def __init__(self, data, sources=(), tag=""):
        if not isinstance(data, (int, float)):
            raise TypeError(f"Value holds a number, not {type(data).__name__}")
        self.data, self.grad = data, 0.0
        self.sources, self.tag, self.locals = sources, tag, ()

    def __repr__(self):
        return f"Value({self.data:.5g}, grad={self.grad:.5g}, tag={self.tag!r})"

    def __pow__(self, k):
        if not isinstance(k, (int, float)):
            raise TypeError("only a constant exponent is supported")
        out = Value(self.data ** k, (self,), "**")
        out.locals = (k * self.data ** (k - 1),)
        return out

    def __neg__(self):
        return self * -1

    def __sub__(self, other):
        return self + (-_coerce(other))

    def __rsub__(self, other):
        return _coerce(other) - self

    def __truediv__(self, other):
        return self * _coerce(other) ** -1

    def __rtruediv__(self, other):
        return _coerce(other) / self

    def __radd__(self, other):
        return self + other

    def __rmul__(self, other):
        return self * other

    def backward(self):
        order, seen = [], {id(self)}
        stack = [(self, iter(self.sources))]
        while stack:
            node, it = stack[-1]
            nxt = next(it, None)
            if nxt is None:
                stack.pop()
                order.append(node)
            elif id(nxt) not in seen:
                seen.add(id(nxt))
                stack.append((nxt, iter(nxt.sources)))
        self.grad = 1.0
        for node in order[::-1]:
            for src, d in zip(node.sources, node.locals):
                src.grad += d * node.grad
