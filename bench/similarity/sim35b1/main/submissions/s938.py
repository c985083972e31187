import math

# Ops.java in Python: one static method per operation, the class methods delegate.
# Niklas Berg


class Value:
    __slots__ = ("data", "grad", "_backward", "_prev", "_op")

    def __init__(self, data, _children=(), _op=""):
        self.data = float(data)
        self.grad = 0.0
        self._backward = Value._noop
        self._prev = tuple(_children)
        self._op = _op

    @staticmethod
    def _noop():
        return None

    @staticmethod
    def of(x):
        return x if isinstance(x, Value) else Value(x)

    @staticmethod
    def add(a, b):
        a, b = Value.of(a), Value.of(b)
        c = Value(a.data + b.data, (a, b), "+")

        def bw():
            a.grad += c.grad
            b.grad += c.grad

        c._backward = bw
        return c

    @staticmethod
    def mul(a, b):
        a, b = Value.of(a), Value.of(b)
        c = Value(a.data * b.data, (a, b), "*")

        def bw():
            a.grad += b.data * c.grad
            b.grad += a.data * c.grad

        c._backward = bw
        return c

    @staticmethod
    def power(a, k):
        c = Value(a.data ** k, (a,), "**")

        def bw():
            a.grad += k * a.data ** (k - 1) * c.grad

        c._backward = bw
        return c

    @staticmethod
    def unary(a, value, derivative, name):
        c = Value(value, (a,), name)

        def bw():
            a.grad += derivative * c.grad

        c._backward = bw
        return c

    def __add__(self, other):
        return Value.add(self, other)

    def __radd__(self, other):
        return Value.add(other, self)

    def __mul__(self, other):
        return Value.mul(self, other)

    def __rmul__(self, other):
        return Value.mul(other, self)

    def __pow__(self, k):
        return Value.power(self, k)

    def __neg__(self):
        return Value.mul(self, -1.0)

    def __sub__(self, other):
        return Value.add(self, -Value.of(other))

    def __rsub__(self, other):
        return Value.add(other, -self)

    def __truediv__(self, other):
        return Value.mul(self, Value.power(Value.of(other), -1))

    def __rtruediv__(self, other):
        return Value.mul(other, Value.power(self, -1))

    def relu(self):
        positive = self.data > 0
        return Value.unary(self, self.data if positive else 0.0, 1.0 if positive else 0.0, "relu")

    def tanh(self):
        t = math.tanh(self.data)
        return Value.unary(self, t, 1.0 - t * t, "tanh")

    def exp(self):
        e = math.exp(self.data)
        return Value.unary(self, e, e, "exp")

    def log(self):
        return Value.unary(self, math.log(self.data), 1.0 / self.data, "log")

    def backward(self):
        ordered = []
        visited = set()
        work = [(self, 0)]
        while work:
            node, state = work.pop()
            if state == 1:
                ordered.append(node)
            elif node not in visited:
                visited.add(node)
                work.append((node, 1))
                for child in node._prev:
                    work.append((child, 0))
        self.grad = 1.0
        for node in reversed(ordered):
            node._backward()

    def __repr__(self):
        return "Value(data=" + str(self.data) + ", grad=" + str(self.grad) + ")"
