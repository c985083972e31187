"""A small scalar autograd engine.

Values record the operations that produced them; ``Value.backward`` walks the
resulting graph in reverse topological order to accumulate gradients.
"""

import math

# Visit states used by the graph traversal below.
_UNSEEN, _OPEN, _CLOSED = 0, 1, 2


def _postorder(root):
    """Return the nodes reachable from ``root``, each after all of its inputs.

    The traversal keeps an explicit stack and a state per node: a node is
    opened when first seen (its inputs are pushed) and closed when it is seen
    again on top of the stack, at which point it is emitted.
    """
    status = {}
    emitted = []
    pending = [root]
    while pending:
        top = pending[-1]
        current = status.get(top, _UNSEEN)
        if current == _UNSEEN:
            status[top] = _OPEN
            pending.extend(src for src in top._prev if status.get(src, _UNSEEN) == _UNSEEN)
            continue
        pending.pop()
        if current == _OPEN:
            status[top] = _CLOSED
            emitted.append(top)
    return emitted


class Value:
    """A scalar that remembers how it was computed."""

    def __init__(self, data, _children=(), _op=""):
        self.data = data
        self.grad = 0
        self._backward = lambda: None
        self._prev = tuple(dict.fromkeys(_children))
        self._op = _op

    @staticmethod
    def _lift(x):
        return x if isinstance(x, Value) else Value(x)

    def _unary(self, value, local_grad, op):
        """A one-input node whose input receives ``local_grad() * out.grad``."""
        out = Value(value, (self,), op)

        def _backward():
            self.grad += local_grad(out) * out.grad

        out._backward = _backward
        return out

    def __add__(self, other):
        other = self._lift(other)
        out = Value(self.data + other.data, (self, other), "+")

        def _backward():
            self.grad += out.grad
            other.grad += out.grad

        out._backward = _backward
        return out

    def __mul__(self, other):
        other = self._lift(other)
        out = Value(self.data * other.data, (self, other), "*")

        def _backward():
            self.grad += other.data * out.grad
            other.grad += self.data * out.grad

        out._backward = _backward
        return out

    def relu(self):
        return self._unary(0 if self.data < 0 else self.data, lambda out: out.data > 0, "ReLU")

    def __radd__(self, other):
        return self + other

    def __rmul__(self, other):
        return self * other

    def backward(self):
        """Accumulate d(self)/d(node) into ``node.grad`` for every upstream node."""
        self.grad = 1
        for node in reversed(_postorder(self)):
            node._backward()

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"
