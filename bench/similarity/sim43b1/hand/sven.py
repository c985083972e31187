# HW4: one small class per operation. Each knows how to compute its value
# and how to hand the gradient to its operands.
import math


class Value:
    def __init__(self, data):
        self.data = data
        self.grad = 0
        self.operands = ()

    def push_grad(self):
        pass  # nothing below a leaf

    def __add__(self, other):
        return Sum(self, other if isinstance(other, Value) else Value(other))

    def __radd__(self, other):
        return self + other

    def __mul__(self, other):
        return Product(self, other if isinstance(other, Value) else Value(other))

    def __rmul__(self, other):
        return self * other

    def __pow__(self, exponent):
        assert isinstance(exponent, (int, float)), "exponent has to be a constant"
        return Power(self, exponent)

    def exp(self):
        return Exp(self)

    def log(self):
        return Log(self)

    def relu(self):
        return Relu(self)

    def tanh(self):
        return Tanh(self)

    def __neg__(self):
        return self * -1

    def __sub__(self, other):
        return self + (-other)

    def __rsub__(self, other):
        return Value(other) + (-self)

    def __truediv__(self, other):
        return self * other ** -1

    def __rtruediv__(self, other):
        return Value(other) * self ** -1

    def backward(self):
        visited, ordering = set(), []
        stack = [(self, False)]
        while stack:
            n, finished = stack.pop()
            if finished:
                ordering.append(n)
            elif n not in visited:
                visited.add(n)
                stack.append((n, True))
                stack.extend((m, False) for m in n.operands if m not in visited)
        self.grad = 1
        for n in reversed(ordering):
            n.push_grad()

    def __repr__(self):
        return f"{type(self).__name__}(data={self.data}, grad={self.grad})"


class Sum(Value):
    def __init__(self, a, b):
        super().__init__(a.data + b.data)
        self.operands = (a, b)

    def push_grad(self):
        a, b = self.operands
        a.grad += self.grad
        b.grad += self.grad


class Product(Value):
    def __init__(self, a, b):
        super().__init__(a.data * b.data)
        self.operands = (a, b)

    def push_grad(self):
        a, b = self.operands
        a.grad += b.data * self.grad
        b.grad += a.data * self.grad


class Power(Value):
    def __init__(self, a, exponent):
        super().__init__(a.data ** exponent)
        self.operands = (a,)
        self.exponent = exponent

    def push_grad(self):
        a = self.operands[0]
        slope = self.exponent * a.data ** (self.exponent - 1)
        a.grad += slope * self.grad


class Exp(Value):
    def __init__(self, a):
        self.cached = math.exp(a.data)
        super().__init__(self.cached)
        self.operands = (a,)

    def push_grad(self):
        self.operands[0].grad += self.cached * self.grad


class Log(Value):
    def __init__(self, a):
        super().__init__(math.log(a.data))
        self.operands = (a,)

    def push_grad(self):
        a = self.operands[0]
        slope = 1 / a.data
        a.grad += slope * self.grad


class Relu(Value):
    def __init__(self, a):
        super().__init__(0 if a.data < 0 else a.data)
        self.operands = (a,)

    def push_grad(self):
        self.operands[0].grad += (self.data > 0) * self.grad


class Tanh(Value):
    def __init__(self, a):
        super().__init__(math.tanh(a.data))
        self.operands = (a,)

    def push_grad(self):
        self.operands[0].grad += (1 - self.data ** 2) * self.grad
