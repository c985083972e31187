"""Scalar autograd engine, exercise 03 (Kwabena)."""

import math


class Value:
    """A number in a computation graph, with the gradient of the output w.r.t. it."""

    def __init__(self, data, _children=(), _op=""):
        self.data = data
        self.grad = 0
        self._backward = lambda: None
        self._prev = tuple(dict.fromkeys(_children))
        self._op = _op

    def _node(self, data, parents, local_grads, op):
        """A new node made from PARENTS; LOCAL_GRADS[i] is d(node)/d(PARENTS[i])."""
        out = Value(data, parents, op)

        def _backward():
            for parent, local in zip(parents, local_grads):
                parent.grad += local * out.grad

        out._backward = _backward
        return out

    def __add__(self, other):
        if not isinstance(other, Value):
            other = Value(other)
        return self._node(self.data + other.data, (self, other), (1.0, 1.0), "+")

    def __mul__(self, other):
        if not isinstance(other, Value):
            other = Value(other)
        return self._node(self.data * other.data, (self, other), (other.data, self.data), "*")

    def relu(self):
        if self.data > 0:
            return self._node(self.data, (self,), (1.0,), "ReLU")
        return self._node(0, (self,), (0.0,), "ReLU")

    def tanh(self):
        t = math.tanh(self.data)
        return self._node(t, (self,), (1 - t * t,), "tanh")

    def __radd__(self, other):
        return self + other

    def __rmul__(self, other):
        return self * other

    def backward(self):
        """Backpropagate from this node: an explicit stack, so deep graphs do not overflow."""
        order, visited = [], set()
        stack = [(self, iter(self._prev))]
        visited.add(self)
        while stack:
            node, children = stack[-1]
            child = next(children, None)
            if child is None:
                stack.pop()
                order.append(node)
            elif child not in visited:
                visited.add(child)
                stack.append((child, iter(child._prev)))
        self.grad = 1
        for node in reversed(order):
            node._backward()

    def __repr__(self):
        return "Value(data=%r, grad=%r)" % (self.data, self.grad)
