"""A scalar-valued reverse-mode autograd engine.

Each Value records the name of the operation that made it; the derivative
rules live in one table, RULES, from that name to a function returning the
local derivative for each input.
"""

import math

RULES = {
    "+": lambda out, a, b: (1, 1),
    "*": lambda out, a, b: (b.data, a.data),
    "pow": lambda out, a: (out.k * a.data**(out.k - 1),),
    "exp": lambda out, a: (out.data,),
    "log": lambda out, a: (a.data**-1,),
    "tanh": lambda out, a: (1 - out.data**2,),
    "ReLU": lambda out, a: (out.data > 0,),
}


class Value:
    """Scalar, gradient, and where it came from."""

    def __init__(self, data, _children=(), _op="", k=None):
        self.data = data
        self.grad = 0
        self._children = _children
        self._op = _op
        self.k = k

    def __add__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        return Value(self.data + other.data, (self, other), "+")

    def __mul__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        return Value(self.data * other.data, (self, other), "*")

    def __pow__(self, k):
        assert isinstance(k, (int, float)), "only constant int/float powers are supported"
        return Value(self.data**k, (self,), "pow", k)

    def relu(self):
        return Value(0 if self.data < 0 else self.data, (self,), "ReLU")

    def tanh(self):
        return Value(math.tanh(self.data), (self,), "tanh")

    def exp(self):
        return Value(math.exp(self.data), (self,), "exp")

    def log(self):
        return Value(math.log(self.data), (self,), "log")

    def softplus(self):
        """log(1 + e^x) from the other ops."""
        return (1 + self.exp()).log()

    def backward(self):
        # reverse topological order; each node's gradient is complete before it is used
        topo, visited = [], set()
        stack = [(self, False)]
        while stack:
            node, expanded = stack.pop()
            if expanded:
                topo.append(node)
            elif node not in visited:
                visited.add(node)
                stack.append((node, True))
                stack.extend((c, False) for c in node._children if c not in visited)
        self.grad = 1
        for node in reversed(topo):
            if node._op in RULES:
                for child, d in zip(node._children, RULES[node._op](node, *node._children)):
                    child.grad += d * node.grad

    def __neg__(self):
        return -1 * self

    def __sub__(self, other):
        return self + -1 * other

    def __rsub__(self, other):
        return -1 * self + other

    def __truediv__(self, other):
        return self * other**-1

    def __rtruediv__(self, other):
        return other * self**-1

    def __radd__(self, other):
        return self + other

    def __rmul__(self, other):
        return self * other

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"
