# Autograd engine written for the homework.
import math


class Value:
    def __init__(self, data, inputs=None, operation=None):
        self.data = data
        self.grad = 0
        self.inputs = [] if inputs is None else inputs
        self.operation = operation
        self.backward_step = None

    def __repr__(self):
        return f"Value({self.data}, grad={self.grad})"

    @staticmethod
    def as_value(x):
        return x if type(x) == Value else Value(x)

    def __mul__(self, other):
        other = Value.as_value(other)
        result = Value(self.data * other.data, [self, other], "multiply")

        def step():
            other.grad += self.data * result.grad
            self.grad += other.data * result.grad

        result.backward_step = step
        return result

    __rmul__ = __mul__

    def __add__(self, other):
        other = Value.as_value(other)
        result = Value(self.data + other.data, [self, other], "add")

        def step():
            other.grad += result.grad
            self.grad += result.grad

        result.backward_step = step
        return result

    __radd__ = __add__

    def __pow__(self, n):
        result = Value(self.data ** n, [self], "power")

        def step():
            self.grad += result.grad * n * self.data ** (n - 1)

        result.backward_step = step
        return result

    def exp(self):
        answer = math.exp(self.data)
        result = Value(answer, [self], "exp")

        def step():
            self.grad += result.grad * answer

        result.backward_step = step
        return result

    def log(self):
        result = Value(math.log(self.data), [self], "log")

        def step():
            self.grad += result.grad / self.data

        result.backward_step = step
        return result

    def tanh(self):
        e = math.exp(2 * self.data)
        answer = (e - 1) / (e + 1)
        result = Value(answer, [self], "tanh")

        def step():
            self.grad += (1 - answer * answer) * result.grad

        result.backward_step = step
        return result

    def relu(self):
        result = Value(max(0, self.data), [self], "relu")

        def step():
            self.grad += float(self.data > 0) * result.grad

        result.backward_step = step
        return result

    def __neg__(self):
        return self * -1

    def __sub__(self, other):
        return self + Value.as_value(other) * -1

    def __rsub__(self, other):
        return self * -1 + other

    def __truediv__(self, other):
        return self * Value.as_value(other) ** -1

    def __rtruediv__(self, other):
        return self ** -1 * other

    def backward(self):
        order, visited = [], []

        def visit(v):
            if v in visited:
                return
            visited.append(v)
            for inp in v.inputs:
                visit(inp)
            order.append(v)

        visit(self)
        self.grad = 1
        for v in reversed(order):
            if v.backward_step is not None:
                v.backward_step()
