# exercise 05 -- engine
import math


class CycleError(RuntimeError):
    pass


class Value:
    def __init__(self, data, _children=(), _op=""):
        self.data = data
        self.grad = 0
        self._backward = lambda: None
        self._prev = tuple(dict.fromkeys(_children))
        self._operands = tuple(_children)  # as given: x * x has two
        self._op = _op

    def _new(self, data, children, op, rule):
        out = Value(data, children, op)
        out._backward = lambda: rule(out)
        return out

    def __add__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        return self._new(self.data + other.data, (self, other), "+", Value._add_rule)

    def __mul__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        return self._new(self.data * other.data, (self, other), "*", Value._mul_rule)

    def relu(self):
        return self._new(max(self.data, 0), (self,), "ReLU", Value._relu_rule)

    @staticmethod
    def _add_rule(out):
        for i in out._inputs():
            i.grad += out.grad

    @staticmethod
    def _mul_rule(out):
        a, b = out._inputs()
        a.grad += b.data * out.grad
        b.grad += a.data * out.grad

    @staticmethod
    def _relu_rule(out):
        (a,) = out._inputs()
        a.grad += out.grad if out.data > 0 else 0

    def _inputs(self):
        return self._operands

    __radd__ = __add__
    __rmul__ = __mul__

    def _visit(self, colours, order):
        """Recursive colouring DFS (grey on entry, black on exit)."""
        colours[self] = "grey"
        for c in self._prev:
            if colours.get(c) == "grey":
                raise CycleError("graph has a cycle")
            if c not in colours:
                c._visit(colours, order)
        colours[self] = "black"
        order.append(self)

    def backward(self):
        import sys
        sys.setrecursionlimit(max(sys.getrecursionlimit(), 30000))
        order = []
        self._visit({}, order)
        self.grad = 1
        for v in reversed(order):
            v._backward()

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"

