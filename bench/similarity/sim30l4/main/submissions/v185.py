import math


class Value:
    """Value for HW4 (Priya S.). All the unary ops go through _unary and the binary ones through _binary,
    so each op is one line: its result and its local derivative(s)."""

    def __init__(self, data, kids=(), op=''):
        self.data = data
        self.grad = 0.0
        self._kids = set(kids)
        self._op = op
        self._bw = None

    def __repr__(self):
        return f"Value({self.data:.6g}, grad={self.grad:.6g})"

    # generic builders
    def _unary(self, value, slope, op):
        out = Value(value, (self,), op)

        def bw():
            self.grad += slope() * out.grad
        out._bw = bw
        return out

    def _binary(self, other, value, da, db, op):
        other = other if isinstance(other, Value) else Value(other)
        out = Value(value(self.data, other.data), (self, other), op)

        def bw():
            self.grad += da(self.data, other.data) * out.grad
            other.grad += db(self.data, other.data) * out.grad
        out._bw = bw
        return out

    # ops
    def __mul__(self, other):
        return self._binary(other, lambda a, b: a * b, lambda a, b: b, lambda a, b: a, '*')

    def __add__(self, other):
        return self._binary(other, lambda a, b: a + b, lambda a, b: 1.0, lambda a, b: 1.0, '+')

    def __sub__(self, other):
        return self._binary(other, lambda a, b: a - b, lambda a, b: 1.0, lambda a, b: -1.0, '-')

    def __pow__(self, k):
        if isinstance(k, Value):
            raise NotImplementedError("no Value exponents")
        return self._unary(self.data ** k, lambda: k * self.data ** (k - 1), f'**{k}')

    def tanh(self):
        return self._unary(math.tanh(self.data), lambda: 1.0 / math.cosh(self.data) ** 2, 'tanh')

    def relu(self):
        return self._unary(max(self.data, 0), lambda: 1 if self.data > 0 else 0, 'relu')

    def log(self):
        return self._unary(math.log(self.data), lambda: self.data ** -1, 'log')

    def exp(self):
        return self._unary(math.exp(self.data), lambda: math.exp(self.data), 'exp')

    def __neg__(self):
        return 0 - self

    def __truediv__(self, other):
        return self * other ** -1

    def __rtruediv__(self, other):
        return self ** -1 * Value(other)

    def __rsub__(self, other):
        return Value(other) - self

    def __radd__(self, other):
        return self + other

    def __rmul__(self, other):
        return self * other

    # graph
    def _order(self):
        order, seen, stack = [], set(), [(self, False)]
        while stack:
            v, done = stack.pop()
            if done:
                order.append(v)
            elif id(v) not in seen:
                seen.add(id(v))
                stack.append((v, True))
                stack.extend((k, False) for k in v._kids)
        return order

    def zero_grad(self):
        for v in self._order():
            v.grad = 0.0

    def backward(self, grad=1.0):
        self.grad = grad
        for v in reversed(self._order()):
            if v._bw:
                v._bw()
