"""HW4 - my own engine (Tomasz Wójcik).

I did not like the closures, so every node keeps its op name and its inputs,
and the local derivatives are worked out only when backward() needs them.
"""
import math


class Value:
    def __init__(self, data, inputs=(), op=None, k=None):
        self.data = float(data)
        self.grad = 0.0
        self.inputs = inputs
        self.op = op
        self.k = k  # the exponent, for pow only

    @staticmethod
    def wrap(x):
        return x if isinstance(x, Value) else Value(x)

    # ---- forward ----
    def __add__(self, other):
        other = Value.wrap(other)
        return Value(self.data + other.data, (self, other), "add")

    def __mul__(self, other):
        other = Value.wrap(other)
        return Value(self.data * other.data, (self, other), "mul")

    def __pow__(self, k):
        assert isinstance(k, (int, float)), "pow: only a constant exponent"
        return Value(self.data ** k, (self,), "pow", k)

    def relu(self):
        return Value(self.data if self.data > 0 else 0.0, (self,), "relu")

    def tanh(self):
        return Value(math.tanh(self.data), (self,), "tanh")

    def exp(self):
        return Value(math.exp(self.data), (self,), "exp")

    def log(self):
        return Value(math.log(self.data), (self,), "log")

    def __neg__(self):
        return self * -1

    def __sub__(self, other):
        return self + (-Value.wrap(other))

    def __rsub__(self, other):
        return Value.wrap(other) - self

    def __truediv__(self, other):
        return self * Value.wrap(other) ** -1

    def __rtruediv__(self, other):
        return Value.wrap(other) * self ** -1

    __radd__ = __add__
    __rmul__ = __mul__

    # ---- backward ----
    def local_grads(self):
        """d(self)/d(input) for every input, in the order of self.inputs."""
        if self.op == "add":
            return (1.0, 1.0)
        if self.op == "mul":
            a, b = self.inputs
            return (b.data, a.data)
        if self.op == "pow":
            (a,) = self.inputs
            return (self.k * a.data ** (self.k - 1),)
        if self.op == "relu":
            return (1.0 if self.data > 0 else 0.0,)
        if self.op == "tanh":
            return (1 - self.data ** 2,)
        if self.op == "exp":
            return (self.data,)
        if self.op == "log":
            return (1 / self.inputs[0].data,)
        return ()  # a leaf

    def backward(self):
        # post-order with an explicit stack of (node, index of the next input to visit)
        order = []
        visited = {self}
        stack = [(self, 0)]
        while stack:
            node, i = stack[-1]
            if i < len(node.inputs):
                stack[-1] = (node, i + 1)
                child = node.inputs[i]
                if child not in visited:
                    visited.add(child)
                    stack.append((child, 0))
            else:
                stack.pop()
                order.append(node)
        self.grad = 1.0
        for node in reversed(order):
            for inp, g in zip(node.inputs, node.local_grads()):
                inp.grad += g * node.grad

    def __repr__(self):
        return f"Value({self.data}, grad={self.grad}, op={self.op})"
