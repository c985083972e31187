# Rui's engine: every Value is recorded on a tape in creation order.
# Inputs are always created before the node that uses them, so walking the tape backwards is a topological order.

TAPE = []


class Value:
    def __init__(self, data, _children=(), _op=""):
        self.data = data
        self.grad = 0
        self._prev = tuple(_children)
        self._op = _op
        self._backward = lambda: None
        self._index = len(TAPE)
        TAPE.append(self)

    def __add__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        out = Value(self.data + other.data, (self, other), "+")

        def _backward():
            self.grad += out.grad
            other.grad += out.grad
        out._backward = _backward
        return out

    def __mul__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        out = Value(self.data * other.data, (self, other), "*")

        def _backward():
            self.grad += other.data * out.grad
            other.grad += self.data * out.grad
        out._backward = _backward
        return out

    def relu(self):
        out = Value(self.data if self.data > 0 else 0, (self,), "ReLU")

        def _backward():
            self.grad += (out.data > 0) * out.grad
        out._backward = _backward
        return out

    __radd__ = __add__

    def __rmul__(self, other):
        return self * other

    def backward(self):
        # mark what self depends on
        needed = {self._index}
        stack = [self]
        while stack:
            v = stack.pop()
            for c in v._prev:
                if c._index not in needed:
                    needed.add(c._index)
                    stack.append(c)
        self.grad = 1
        for i in range(self._index, -1, -1):
            if i in needed:
                TAPE[i]._backward()

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"
