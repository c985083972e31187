"""Autodiff homework, part 2 (Hannah Berg).

Nodes remember the name of the operation that produced them; a separate
Derivatives object answers, for each operation, the partial derivatives of the
output with respect to each input. backward() sorts the graph with a recursive
depth-first search and then applies the chain rule from the output down.
"""
import math


class Derivatives:
    """One method per operation: partials(node) -> a tuple, one entry per input."""

    def of_plus(self, node):
        return (1.0, 1.0)

    def of_times(self, node):
        a, b = node.inputs
        return (b.data, a.data)

    def of_power(self, node):
        (a,) = node.inputs
        return (node.exponent * a.data ** (node.exponent - 1),)

    def of_relu(self, node):
        return (1.0 if node.data > 0 else 0.0,)

    def of_tanh(self, node):
        return (1 - node.data ** 2,)

    def of_exp(self, node):
        return (node.data,)

    def of_log(self, node):
        return (1 / node.inputs[0].data,)


PARTIALS = Derivatives()


class Value:
    def __init__(self, data, inputs=(), operation=None, exponent=None):
        self.data = data
        self.grad = 0.0
        self.inputs = inputs
        self.operation = operation
        self.exponent = exponent

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"

    @staticmethod
    def _as_value(x):
        return x if isinstance(x, Value) else Value(x)

    def __add__(self, other):
        other = Value._as_value(other)
        return Value(self.data + other.data, (self, other), "plus")

    def __mul__(self, other):
        other = Value._as_value(other)
        return Value(self.data * other.data, (self, other), "times")

    def __pow__(self, exponent):
        return Value(self.data ** exponent, (self,), "power", exponent)

    def relu(self):
        return Value(max(self.data, 0.0), (self,), "relu")

    def tanh(self):
        return Value(math.tanh(self.data), (self,), "tanh")

    def exp(self):
        return Value(math.exp(self.data), (self,), "exp")

    def log(self):
        return Value(math.log(self.data), (self,), "log")

    def __neg__(self):
        return self * -1

    def __radd__(self, other):
        return self + other

    def __sub__(self, other):
        return self + (-other)

    def __rsub__(self, other):
        return Value._as_value(other) + (-self)

    def __rmul__(self, other):
        return self * other

    def __truediv__(self, other):
        return self * Value._as_value(other) ** -1

    def __rtruediv__(self, other):
        return Value._as_value(other) * self ** -1

    def backward(self):
        order, done = [], set()

        def visit(node):
            if node in done:
                return
            done.add(node)
            for child in node.inputs:
                visit(child)
            order.append(node)

        visit(self)
        self.grad = 1.0
        for node in reversed(order):
            if node.operation is None:
                continue
            rule = getattr(PARTIALS, "of_" + node.operation)
            for child, partial in zip(node.inputs, rule(node)):
                child.grad += partial * node.grad
