# Scalar reverse-mode autodiff (exercise 04: more ops)

import math


class Value:
    def __init__(self, data, _children=(), _op=""):
        self.data = data
        self.grad = 0
        self._op = _op
        self._prev = tuple(dict.fromkeys(_children))
        self._backward = lambda: None

    def backward(self):
        # iterative post-order: a node goes into the order once all its inputs are in
        order, seen = [], set()
        stack = [(self, False)]
        while stack:
            node, expanded = stack.pop()
            if expanded:
                order.append(node)
                continue
            if node in seen:
                continue
            seen.add(node)
            stack.append((node, True))
            for child in reversed(node._prev):
                stack.append((child, False))
        self.grad = 1
        for node in reversed(order):
            node._backward()

    # the primitives -----------------------------------------------------------

    def __mul__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        out = Value(self.data * other.data, (self, other), "*")

        def _backward():
            self.grad += other.data * out.grad
            other.grad += self.data * out.grad
        out._backward = _backward
        return out

    def __add__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        out = Value(self.data + other.data, (self, other), "+")

        def _backward():
            self.grad += 1 * out.grad
            other.grad += 1 * out.grad
        out._backward = _backward
        return out

    def __pow__(self, k):
        assert isinstance(k, (int, float))
        out = Value(self.data ** k, (self,), "**" + str(k))

        def _backward():
            self.grad += k * self.data ** (k - 1) * out.grad
        out._backward = _backward
        return out

    def relu(self):
        on = self.data > 0
        out = Value(self.data if on else 0, (self,), "ReLU")

        def _backward():
            self.grad += (1 if on else 0) * out.grad
        out._backward = _backward
        return out

    def tanh(self):
        out = Value(math.tanh(self.data), (self,), "tanh")

        def _backward():
            self.grad += (1 - out.data ** 2) * out.grad
        out._backward = _backward
        return out

    def log(self):
        out = Value(math.log(self.data), (self,), "log")

        def _backward():
            self.grad += 1 / self.data * out.grad
        out._backward = _backward
        return out

    def exp(self):
        out = Value(math.exp(self.data), (self,), "exp")

        def _backward():
            self.grad += out.data * out.grad
        out._backward = _backward
        return out

    # built from the primitives ------------------------------------------------

    def __rtruediv__(self, other):
        return other * self ** -1

    def __truediv__(self, other):
        return self * other ** -1

    def __rsub__(self, other):
        return other + (-self)

    def __sub__(self, other):
        return self + (-other)

    def __rmul__(self, other):
        return self * other

    def __radd__(self, other):
        return self + other

    def __neg__(self):
        return self * -1

    def __repr__(self):
        return "Value(data=%s, grad=%s)" % (self.data, self.grad)
