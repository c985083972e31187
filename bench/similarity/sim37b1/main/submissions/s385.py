"""engine.py -- Kofi A., workshop 3."""
import math

# Backward rules by operation name: rule(inputs, output) -> local slopes, one per input.
RULES = {
    "add": lambda xs, y: (1.0, 1.0),
    "mul": lambda xs, y: (xs[1].data, xs[0].data),
    "relu": lambda xs, y: (1.0 if y.data > 0 else 0.0,),
    "tanh": lambda xs, y: (1.0 - y.data * y.data,),
    "exp": lambda xs, y: (y.data,),
    "log": lambda xs, y: (1.0 / xs[0].data,),
}


def walk(root):
    """Yield the nodes under ROOT so that a node comes only after all of its inputs."""
    seen = {root}
    stack = [(root, iter(root.inputs))]
    while stack:
        node, pending = stack[-1]
        for child in pending:
            if child not in seen:
                seen.add(child)
                stack.append((child, iter(child.inputs)))
                break
        else:
            stack.pop()
            yield node


class Arithmetic:
    """Everything that follows from +, * and **: mixed into Value."""

    def __neg__(self):
        return self * -1

    def __radd__(self, other):
        return self + other

    def __rmul__(self, other):
        return self * other

    def __sub__(self, other):
        return self + (-self.of(other))

    def __rsub__(self, other):
        return self.of(other) + (-self)

    def __truediv__(self, other):
        return self * self.of(other) ** -1

    def __rtruediv__(self, other):
        return self.of(other) * self ** -1


class Value(Arithmetic):
    def __init__(self, data, inputs=(), name="", exponent=None):
        self.data = float(data)
        self.grad = 0.0
        self.inputs = inputs
        self.name = name
        self.exponent = exponent

    def __repr__(self):
        return "Value(%.5f | grad %.5f | %s)" % (self.data, self.grad, self.name or "leaf")

    @staticmethod
    def of(x):
        return x if isinstance(x, Value) else Value(x)

    def __add__(self, other):
        other = Value.of(other)
        return Value(self.data + other.data, (self, other), "add")

    def __mul__(self, other):
        other = Value.of(other)
        return Value(self.data * other.data, (self, other), "mul")

    def __pow__(self, n):
        if isinstance(n, Value):
            raise TypeError("Value ** Value is not part of the workshop")
        return Value(self.data ** n, (self,), "pow", exponent=n)

    def relu(self):
        return Value(self.data if self.data > 0 else 0, (self,), "relu")

    def tanh(self):
        return Value(math.tanh(self.data), (self,), "tanh")

    def exp(self):
        return Value(math.exp(self.data), (self,), "exp")

    def log(self):
        if self.data <= 0:
            raise ValueError("log needs a positive input")
        return Value(math.log(self.data), (self,), "log")

    def _slopes(self):
        if self.name == "pow":
            n = self.exponent
            return (n * self.inputs[0].data ** (n - 1),)
        return RULES[self.name](self.inputs, self)

    def backward(self):
        order = list(walk(self))
        self.grad = 1.0
        for node in reversed(order):
            if node.inputs:
                for child, slope in zip(node.inputs, node._slopes()):
                    child.grad += slope * node.grad
