import math


class _Core:
    """data, grad, inputs, the two primitive ops and backprop."""

    def __init__(self, data, _children=(), _op=""):
        self.data = data
        self.grad = 0
        self._backward = lambda: None
        self._prev = tuple(dict.fromkeys(_children))
        self._op = _op

    @staticmethod
    def _v(x):
        return x if isinstance(x, _Core) else Value(x)

    def __add__(self, other):
        other = self._v(other)
        out = Value(self.data + other.data, (self, other), "+")

        def _backward():
            self.grad += out.grad
            other.grad += out.grad
        out._backward = _backward
        return out

    def __mul__(self, other):
        other = self._v(other)
        out = Value(self.data * other.data, (self, other), "*")

        def _backward():
            self.grad += other.data * out.grad
            other.grad += self.data * out.grad
        out._backward = _backward
        return out

    __radd__ = lambda self, other: self + other
    __rmul__ = lambda self, other: self * other

    def backward(self):
        topo, visited = [], set()
        stack = [(self, False)]
        while stack:
            node, done = stack.pop()
            if done:
                topo.append(node)
                continue
            if node in visited:
                continue
            visited.add(node)
            stack.append((node, True))
            stack.extend((c, False) for c in node._prev if c not in visited)
        self.grad = 1
        for node in reversed(topo):
            node._backward()


class Value(_Core):
    """The functions of one input (all through _unary) and negation / subtraction."""

    def _unary(self, y, dy, op):
        out = Value(y, (self,), op)

        def _backward():
            self.grad += dy * out.grad
        out._backward = _backward
        return out

    def relu(self):
        return self._unary(self.data if self.data > 0 else 0, 1.0 if self.data > 0 else 0.0, "ReLU")

    def tanh(self):
        f = math.tanh
        y = f(self.data)
        return self._unary(y, 1.0 - y * y, "tanh")

    def exp(self):
        y = math.exp(self.data)
        return self._unary(y, y, "exp")

    def __neg__(self):
        return Value(-1, _op="const") * self

    def __sub__(self, other):
        neg = -other if isinstance(other, Value) else Value(-other, _op="const")
        return self + neg

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"
