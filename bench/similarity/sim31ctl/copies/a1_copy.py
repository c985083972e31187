"""Scalar autodiff: values that remember where they came from."""

import math


class Value:
    """One number in the graph, with its gradient."""

    def __init__(self, data, _children=(), _op=""):
        self.data = data
        self.grad = 0
        self._backward = lambda: None
        self._prev = tuple(dict.fromkeys(_children))
        self._op = _op

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
        out = Value(0 if self.data < 0 else self.data, (self,), "ReLU")

        def _backward():
            self.grad += (out.data > 0) * out.grad

        out._backward = _backward
        return out

    def tanh(self):
        t = math.tanh(self.data)
        out = Value(t, (self,), "tanh")

        def _backward():
            self.grad += (1 - t**2) * out.grad

        out._backward = _backward
        return out

    def backward(self):
        topo, visited = [], set()
        stack = [(self, False)]
        while stack:
            node, children_done = stack.pop()
            if children_done:
                topo.append(node)
            elif node not in visited:
                visited.add(node)
                stack.append((node, True))
                for child in node._prev:
                    if child not in visited:
                        stack.append((child, False))
        self.grad = 1
        for node in reversed(topo):
            node._backward()

    def __radd__(self, other):
        return self + other

    def __rmul__(self, other):
        return self * other

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"


def _power(v, k):
    assert isinstance(k, (int, float)), "only constant int/float powers are supported"
    node = Value(v.data ** k, (v,), f"**{k}")

    def back():
        v.grad = v.grad + node.grad * (v.data ** (k - 1)) * k

    node._backward = back
    return node


def _exp(v):
    ev = math.exp(v.data)
    node = Value(ev, (v,), "exp")

    def back():
        v.grad = v.grad + node.grad * ev

    node._backward = back
    return node


def _ln(v):
    node = Value(math.log(v.data), (v,), "ln")

    def back():
        v.grad = v.grad + v.data ** -1 * node.grad

    node._backward = back
    return node


def _negate(v):
    return v * Value(-1.0)


def _minus(v, w):
    return v + -1 * w


def _minus_from(v, w):
    return w + (-v)


def _divide(v, w):
    return v * w ** -1


def _divide_into(v, w):
    return v ** -1 * w


Value.__pow__ = _power
Value.exp = _exp
Value.log = _ln
Value.__neg__ = _negate
Value.__sub__ = _minus
Value.__rsub__ = _minus_from
Value.__truediv__ = _divide
Value.__rtruediv__ = _divide_into
