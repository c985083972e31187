# Homework: autograd engine
# written after the lecture

import math


def to_value(x):
    # numbers become Values
    if type(x) == Value:
        return x
    return Value(x)


class Value:
    def __init__(self, data, inputs=None, operation=None):
        self.data = data
        self.grad = 0
        self.inputs = inputs if inputs is not None else []
        self.operation = operation
        self.backward_step = None

    def __repr__(self):
        return "Value(" + str(self.data) + ", grad=" + str(self.grad) + ")"

    def __add__(self, other):
        other = to_value(other)
        result = Value(self.data + other.data, [self, other], "add")

        def step():
            # the gradient goes to both inputs unchanged
            other.grad = other.grad + result.grad
            self.grad = self.grad + result.grad

        result.backward_step = step
        return result

    __radd__ = __add__

    def __mul__(self, other):
        other = to_value(other)
        result = Value(self.data * other.data, [self, other], "multiply")

        def step():
            # each input gets the other one times the gradient
            other.grad = other.grad + result.grad * self.data
            self.grad = self.grad + result.grad * other.data

        result.backward_step = step
        return result

    __rmul__ = __mul__

    def __pow__(self, n):
        result = Value(self.data ** n, [self], "power")

        def step():
            self.grad = self.grad + result.grad * n * self.data ** (n - 1)

        result.backward_step = step
        return result

    def __neg__(self):
        return self * -1

    def __sub__(self, other):
        return self + to_value(other) * -1

    def __rsub__(self, other):
        return self * -1 + other

    def __truediv__(self, other):
        return self * to_value(other) ** -1

    def __rtruediv__(self, other):
        return self ** -1 * other

    def _one_input(self, answer, slope, name):
        # every function of one input: its slope is known when it is computed
        result = Value(answer, [self], name)

        def step():
            self.grad = self.grad + slope * result.grad

        result.backward_step = step
        return result

    def relu(self):
        return self._one_input(self.data if self.data > 0 else 0, 1 if self.data > 0 else 0, "relu")

    def tanh(self):
        answer = math.tanh(self.data)
        return self._one_input(answer, 1 - answer * answer, "tanh")

    def exp(self):
        answer = math.exp(self.data)
        return self._one_input(answer, answer, "exp")

    def log(self):
        return self._one_input(math.log(self.data), 1 / self.data, "log")

    def backward(self):
        order = []
        visited = set()

        def visit(v):
            if v in visited:
                return
            visited.add(v)
            for inp in v.inputs:
                visit(inp)
            order.append(v)

        visit(self)
        self.grad = 1
        for v in reversed(order):
            if v.backward_step is not None:
                v.backward_step()
