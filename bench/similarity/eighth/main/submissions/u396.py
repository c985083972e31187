"""Reverse-mode autodiff on scalars. Each node stores its parents together with the
local partial derivative d(node)/d(parent), computed during the forward pass; backward
only has to multiply and add.  -- Wojciech, course project, week 4"""
import math


class Value:
    def __init__(self, data, parents=(), label=""):
        self.data = float(data)
        self.grad = 0.0
        self.parents = list(parents)  # [(parent, d self / d parent), ...]
        self.label = label

    @staticmethod
    def lift(x):
        return x if isinstance(x, Value) else Value(x)

    def __add__(self, other):
        other = Value.lift(other)
        return Value(self.data + other.data, [(self, 1.0), (other, 1.0)], "add")

    def __mul__(self, other):
        other = Value.lift(other)
        return Value(self.data * other.data, [(self, other.data), (other, self.data)], "mul")

    def __pow__(self, p):
        assert isinstance(p, (int, float))
        return Value(self.data ** p, [(self, p * self.data ** (p - 1))], "pow")

    def exp(self):
        e = math.exp(self.data)
        return Value(e, [(self, e)], "exp")

    def log(self):
        return Value(math.log(self.data), [(self, 1.0 / self.data)], "log")

    def tanh(self):
        t = math.tanh(self.data)
        return Value(t, [(self, 1.0 - t * t)], "tanh")

    def relu(self):
        return Value(max(self.data, 0.0), [(self, 1.0 if self.data > 0 else 0.0)], "relu")

    def __neg__(self):
        return Value(-self.data, [(self, -1.0)], "neg")

    def __sub__(self, other):
        other = Value.lift(other)
        return Value(self.data - other.data, [(self, 1.0), (other, -1.0)], "sub")

    def __rsub__(self, other):
        return Value.lift(other) - self

    def __truediv__(self, other):
        other = Value.lift(other)
        return Value(self.data / other.data,
                     [(self, 1.0 / other.data), (other, -self.data / other.data ** 2)], "div")

    def __rtruediv__(self, other):
        return Value.lift(other) / self

    __radd__ = __add__
    __rmul__ = __mul__

    def backward(self):
        # Kahn's algorithm on the reversed graph: a node is processed once every
        # node that uses it has passed its gradient down.
        users = {}
        seen, todo = {id(self)}, [self]
        while todo:
            node = todo.pop()
            for parent, _ in node.parents:
                users[id(parent)] = users.get(id(parent), 0) + 1
                if id(parent) not in seen:
                    seen.add(id(parent))
                    todo.append(parent)
        self.grad = 1.0
        ready = [self]
        while ready:
            node = ready.pop()
            for parent, local in node.parents:
                parent.grad += local * node.grad
                users[id(parent)] -= 1
                if users[id(parent)] == 0:
                    ready.append(parent)

    def __repr__(self):
        return f"Value({self.data:.4f}, grad={self.grad:.4f})"
