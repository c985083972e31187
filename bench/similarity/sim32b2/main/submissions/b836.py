"""Reverse-mode autograd on scalars.

Each op creates a Value that records its inputs and a `_backward` closure with
the op's local derivative, multiplied by the gradient coming from above.
Running the closures from output to inputs is backpropagation.
"""

import math


class Value:
    """Scalar with gradient and history."""

    def __init__(self, data, _children=(), _op=""):
        self.data = data
        self.grad = 0
        self._backward = lambda: None
        # unique inputs in order (a set's order would depend on memory addresses)
        self._prev = tuple(dict.fromkeys(_children))
        self._op = _op

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"

    def __rmul__(self, other):
        return self * other

    def __radd__(self, other):
        return self + other

    def relu(self):
        res = Value(0 if self.data < 0 else self.data, (self,), "ReLU")

        def _backward():
            self.grad = self.grad + (res.data > 0) * res.grad

        res._backward = _backward
        return res

    def __mul__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        res = Value(self.data * other.data, (self, other), "*")

        def _backward():
            self.grad = self.grad + other.data * res.grad
            other.grad = other.grad + self.data * res.grad

        res._backward = _backward
        return res

    def __add__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        res = Value(self.data + other.data, (self, other), "+")

        def _backward():
            self.grad = self.grad + res.grad
            other.grad = other.grad + res.grad

        res._backward = _backward
        return res

    def zero_grad(self):
        """Set grad back to 0 for this node and all nodes under it."""
        pending, visited = [self], set()
        while pending:
            n = pending.pop()
            if n in visited:
                continue
            visited.add(n)
            n.grad = 0
            for p in n._prev:
                pending.append(p)

    def backward(self, start=1.0):
        """Accumulate d(self)/d(v) into v.grad for every v below self."""
        topo = []
        visited = set()
        pending = [(self, False)]
        while pending:
            n, ready = pending.pop()
            if ready:
                topo.append(n)
                continue
            if n in visited:
                continue
            visited.add(n)
            pending.append((n, True))
            for p in n._prev:
                if p not in visited:
                    pending.append((p, False))
        self.grad = start
        for n in topo[::-1]:
            n._backward()
            if len(n._prev) == 0:
                # leaf: its gradient cannot change any more
                assert n.grad == n.grad, "NaN gradient at a leaf"
