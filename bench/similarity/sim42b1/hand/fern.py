import math


class Value:
    """Fern's Value: every op stores a grad_fn that takes the output's gradient and
    returns one gradient per input (like torch.autograd.Function.backward)."""

    def __init__(self, data, inputs=(), grad_fn=None, label=""):
        self.data = data
        self.grad = 0.0
        self.inputs = tuple(inputs)
        self.grad_fn = grad_fn
        self.label = label

    @classmethod
    def _wrap(cls, x):
        return x if isinstance(x, cls) else cls(x)

    def __add__(self, other):
        other = Value._wrap(other)
        return Value(self.data + other.data, (self, other), lambda g: (g, g), "+")

    def __mul__(self, other):
        other = Value._wrap(other)
        a, b = self.data, other.data
        return Value(a * b, (self, other), lambda g: (g * b, g * a), "*")

    def __radd__(self, other):
        return self + other

    def __rmul__(self, other):
        return self * other

    def relu(self):
        positive = self.data > 0
        return Value(self.data if positive else 0.0, (self,), lambda g: (g if positive else 0.0,), "relu")

    def exp(self):
        e = math.exp(self.data)
        return Value(e, (self,), lambda g: (g * e,), "exp")

    def backward(self):
        # post-order DFS with an explicit stack of (node, next-input index)
        order, visited = [], set()
        stack = [(self, 0)]
        visited.add(self)
        while stack:
            node, k = stack[-1]
            if k < len(node.inputs):
                stack[-1] = (node, k + 1)
                child = node.inputs[k]
                if child not in visited:
                    visited.add(child)
                    stack.append((child, 0))
            else:
                stack.pop()
                order.append(node)
        self.grad = 1.0
        for node in reversed(order):
            if node.grad_fn is None:
                continue
            for inp, g in zip(node.inputs, node.grad_fn(node.grad)):
                inp.grad += g

    def __repr__(self):
        return f"Value({self.data}, grad={self.grad})"
