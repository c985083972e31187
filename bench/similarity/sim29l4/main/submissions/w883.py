import math


class Value:
    """A leaf. Every operation returns an instance of one of the node classes below, which knows its own rule."""

    def __init__(self, data):
        self.data = data
        self.grad = 0
        self._prev = ()
        self._op = ""

    @classmethod
    def of(cls, x):
        return x if isinstance(x, Value) else Value(x)

    def _backward(self):
        pass

    def __add__(self, other):
        return Sum(self, Value.of(other))

    def __radd__(self, other):
        return Sum(Value.of(other), self)

    def __mul__(self, other):
        return Product(self, Value.of(other))

    def __rmul__(self, other):
        return Product(Value.of(other), self)

    def __pow__(self, k):
        if not isinstance(k, (int, float)):
            raise NotImplementedError("only a number as the exponent here")
        return Power(self, k)

    def relu(self):
        return Relu(self)

    def tanh(self):
        return Tanh(self)

    def exp(self):
        return Exp(self)

    def log(self):
        return Log(self)

    def __neg__(self):
        return self * -1

    def __sub__(self, other):
        return self + (-other)

    def __rsub__(self, other):
        return (-self) + other

    def __truediv__(self, other):
        return self * other ** -1

    def __rtruediv__(self, other):
        return self ** -1 * other

    def backward(self):
        ordered = []

        def place(n):
            if n in ordered:
                return
            for m in n._prev:
                place(m)
            ordered.append(n)
        place(self)
        self.grad = 1
        for n in ordered[::-1]:
            n._backward()

    def __repr__(self):
        return f"Value({self.data:.6g})"


class Sum(Value):
    def __init__(self, a, b):
        super().__init__(a.data + b.data)
        self._prev, self._op = (a, b), "+"

    def _backward(self):
        a, b = self._prev
        a.grad += self.grad
        b.grad += self.grad


class Product(Value):
    def __init__(self, a, b):
        super().__init__(a.data * b.data)
        self._prev, self._op = (a, b), "*"

    def _backward(self):
        a, b = self._prev
        a.grad += b.data * self.grad
        b.grad += a.data * self.grad


class Power(Value):
    def __init__(self, a, k):
        super().__init__(a.data ** k)
        self._prev, self._op, self.k = (a,), "^", k

    def _backward(self):
        (a,) = self._prev
        a.grad += self.k * (a.data ** (self.k - 1)) * self.grad


class Relu(Value):
    def __init__(self, a):
        super().__init__(max(a.data, 0))
        self._prev, self._op = (a,), "relu"

    def _backward(self):
        self._prev[0].grad += (self.data > 0) * self.grad


class Tanh(Value):
    def __init__(self, a):
        super().__init__(math.tanh(a.data))
        self._prev, self._op = (a,), "tanh"

    def _backward(self):
        self._prev[0].grad += (1 - self.data * self.data) * self.grad


class Exp(Value):
    def __init__(self, a):
        super().__init__(math.exp(a.data))
        self._prev, self._op = (a,), "exp"

    def _backward(self):
        self._prev[0].grad += self.data * self.grad


class Log(Value):
    def __init__(self, a):
        super().__init__(math.log(a.data))
        self._prev, self._op = (a,), "ln"

    def _backward(self):
        self._prev[0].grad += 1.0 / self._prev[0].data * self.grad
