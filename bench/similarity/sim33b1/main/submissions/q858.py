"""engine.py - Gustav's scalar autograd (written from scratch, not the starter)."""

import math


def _ensure(x):
    # numbers become constant leaves
    if isinstance(x, Value):
        return x
    return Value(x, label="const")


class Value:
    def __init__(self, data, inputs=(), op="", label=""):
        self.data = data
        self.grad = 0.0
        self.inputs = list(inputs)
        self.op = op
        self.label = label
        self.grad_fn = None  # set by the op that made this node

    # arithmetic -----------------------------------------------------------
    def __add__(self, other):
        other = _ensure(other)
        result = Value(self.data + other.data, [self, other], "add")

        def grad_fn():
            self.grad += result.grad
            other.grad += result.grad

        result.grad_fn = grad_fn
        return result

    def __mul__(self, other):
        other = _ensure(other)
        result = Value(self.data * other.data, [self, other], "mul")

        def grad_fn():
            self.grad += other.data * result.grad
            other.grad += self.data * result.grad

        result.grad_fn = grad_fn
        return result

    def __pow__(self, exponent):
        if not isinstance(exponent, (int, float)):
            raise TypeError("exponent must be a number")
        result = Value(self.data ** exponent, [self], "pow")

        def grad_fn():
            self.grad += exponent * self.data ** (exponent - 1) * result.grad

        result.grad_fn = grad_fn
        return result

    # functions ------------------------------------------------------------
    def exp(self):
        result = Value(math.exp(self.data), [self], "exp")

        def grad_fn():
            self.grad += result.data * result.grad

        result.grad_fn = grad_fn
        return result

    def log(self):
        result = Value(math.log(self.data), [self], "log")

        def grad_fn():
            self.grad += result.grad / self.data

        result.grad_fn = grad_fn
        return result

    def tanh(self):
        t = math.tanh(self.data)
        result = Value(t, [self], "tanh")

        def grad_fn():
            self.grad += (1 - t * t) * result.grad

        result.grad_fn = grad_fn
        return result

    def relu(self):
        result = Value(self.data if self.data > 0 else 0.0, [self], "relu")

        def grad_fn():
            if self.data > 0:
                self.grad += result.grad

        result.grad_fn = grad_fn
        return result

    # derived --------------------------------------------------------------
    def __neg__(self):
        return self * -1

    def __sub__(self, other):
        return self + (-_ensure(other))

    def __truediv__(self, other):
        return self * _ensure(other) ** -1

    def __radd__(self, other):
        return _ensure(other) + self

    def __rmul__(self, other):
        return _ensure(other) * self

    def __rsub__(self, other):
        return _ensure(other) - self

    def __rtruediv__(self, other):
        return _ensure(other) / self

    # backprop -------------------------------------------------------------
    def topo_order(self):
        order, visited = [], set()

        def visit(node):
            if id(node) not in visited:
                visited.add(id(node))
                for parent in node.inputs:
                    visit(parent)
                order.append(node)

        visit(self)
        return order

    def backward(self):
        self.grad = 1.0
        for node in reversed(self.topo_order()):
            if node.grad_fn:
                node.grad_fn()

    def __repr__(self):
        return f"Value({self.data:.4f}, grad={self.grad:.4f}, op={self.op or 'leaf'})"
