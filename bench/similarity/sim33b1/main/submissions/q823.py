import math


class Value:

    def __init__(self, data, parents=(), kind=""):
        self.data = data
        self.grad = 0
        self._parents = parents
        self._kind = kind
        self._backward = lambda: None

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"

    # --- ops with one input -------------------------------------------------
    def __pow__(self, k):
        assert isinstance(k, (int, float))
        out = Value(self.data ** k, (self,), "**")
        out._backward = lambda: setattr(self, "grad", self.grad + k * self.data ** (k - 1) * out.grad)
        return out

    def exp(self):
        out = Value(math.exp(self.data), (self,), "exp")
        out._backward = lambda: setattr(self, "grad", self.grad + out.data * out.grad)
        return out

    def log(self):
        out = Value(math.log(self.data), (self,), "log")
        out._backward = lambda: setattr(self, "grad", self.grad + 1 / self.data * out.grad)
        return out

    def tanh(self):
        out = Value(math.tanh(self.data), (self,), "tanh")
        out._backward = lambda: setattr(self, "grad", self.grad + (1 - out.data ** 2) * out.grad)
        return out

    def relu(self):
        out = Value(max(self.data, 0), (self,), "relu")
        out._backward = lambda: setattr(self, "grad", self.grad + (1 if out.data > 0 else 0) * out.grad)
        return out

    def __neg__(self):
        return self * -1

    # --- ops with two inputs ------------------------------------------------
    def __add__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        out = Value(self.data + other.data, (self, other), "+")

        def _backward():
            for p in (self, other):
                p.grad += out.grad

        out._backward = _backward
        return out

    def __mul__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        out = Value(self.data * other.data, (self, other), "*")

        def _backward():
            for p, d in ((self, other.data), (other, self.data)):
                p.grad += d * out.grad

        out._backward = _backward
        return out

    def __sub__(self, other):
        return self + -(other if isinstance(other, Value) else Value(other))

    def __truediv__(self, other):
        return self * (other if isinstance(other, Value) else Value(other)) ** -1

    def __radd__(self, other):
        return self + other

    def __rmul__(self, other):
        return self * other

    def __rsub__(self, other):
        return (other if isinstance(other, Value) else Value(other)) + -self

    def __rtruediv__(self, other):
        return (other if isinstance(other, Value) else Value(other)) * self ** -1

    # --- backward -------------------------------------------------------------
    def backward(self):
        order, visited, stack = [], set(), [self]
        while stack:
            node = stack[-1]
            if node in visited:
                stack.pop()
                continue
            pending = [c for c in node._parents if c not in visited]
            if pending:
                stack += pending
            else:
                visited.add(node)
                order.append(node)
                stack.pop()
        self.grad = 1
        [node._backward() for node in order[::-1]]
