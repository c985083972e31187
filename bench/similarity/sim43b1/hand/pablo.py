import math

WHITE, GREY, BLACK = 0, 1, 2


class Value:
    # pablo ruiz - hw4
    # every node: data, grad, the inputs, and _backward (like in class)

    def __init__(self, data, _children=(), _op=""):
        self.data = data
        self.grad = 0
        self._backward = lambda: None
        self._prev = tuple(dict.fromkeys(_children))
        self._op = _op

    def _binary(self, other, data, op, da, db):
        other = other if isinstance(other, Value) else Value(other)
        out = Value(data(self.data, other.data), (self, other), op)

        def _backward():
            self.grad += da(self.data, other.data) * out.grad
            other.grad += db(self.data, other.data) * out.grad

        out._backward = _backward
        return out

    def __add__(self, other):
        return self._binary(other, lambda a, b: a + b, "+", lambda a, b: 1, lambda a, b: 1)

    def __mul__(self, other):
        return self._binary(other, lambda a, b: a * b, "*", lambda a, b: b, lambda a, b: a)

    def _unary(self, fx, dfx, op):
        out = Value(fx(self.data), (self,), op)

        def _backward():
            self.grad += dfx(self.data, out.data) * out.grad

        out._backward = _backward
        return out

    def __pow__(self, k):
        return self._unary(lambda x: x ** k, lambda x, y: k * x ** (k - 1), "**")

    def relu(self):
        return self._unary(lambda x: max(x, 0), lambda x, y: 1 if y > 0 else 0, "relu")

    def tanh(self):
        return self._unary(math.tanh, lambda x, y: 1 - y * y, "tanh")

    def exp(self):
        return self._unary(math.exp, lambda x, y: y, "exp")

    def log(self):
        return self._unary(math.log, lambda x, y: 1 / x, "log")

    def __neg__(self): return self * -1
    def __radd__(self, other): return self + other
    def __rmul__(self, other): return self * other
    def __sub__(self, other): return self + (-other)
    def __rsub__(self, other): return other + (-self)
    def __truediv__(self, other): return self * other ** -1
    def __rtruediv__(self, other): return other * self ** -1

    def backward(self):
        # DFS with three colours on an explicit stack
        colour = {}
        order = []
        stack = [self]
        while stack:
            v = stack[-1]
            c = colour.get(v, WHITE)
            if c == WHITE:
                colour[v] = GREY
                for u in v._prev:
                    if colour.get(u, WHITE) == WHITE:
                        stack.append(u)
            else:
                stack.pop()
                if c == GREY:
                    colour[v] = BLACK
                    order.append(v)
        self.grad = 1
        for v in reversed(order):
            v._backward()

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"
