#!/usr/bin/env python
# coding: utf-8

# ## Exercise 02 (Wen)
# Fix: every backward rule accumulates with `+=`.

# In[1]:


import math


class Value:
    """A scalar, the gradient of the final output with respect to it, and how it was made."""

    def __init__(self, data, _children=(), _op=""):
        self.data = data
        self.grad = 0  # d(output)/d(self): nothing has flowed back yet
        self._backward = lambda: None  # a leaf passes nothing on
        # The inputs, each once, in the order given. (A set would iterate in
        # memory-address order, so gradients summed along several paths could
        # differ in the last bit from one run to the next.)
        self._prev = tuple(dict.fromkeys(_children))
        self._op = _op  # for printing and drawing graphs

    # -- the basic operations: each knows its own local derivative -------------

    def __add__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        out = Value(self.data + other.data, (self, other), "+")

        def _backward():
            # d(a + b)/da = 1 and d(a + b)/db = 1: the gradient passes through.
            self.grad += out.grad
            other.grad += out.grad

        out._backward = _backward
        return out

    def __mul__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        out = Value(self.data * other.data, (self, other), "*")

        def _backward():
            # d(a * b)/da = b and d(a * b)/db = a: each gets the *other* operand
            self.grad += other.data * out.grad
            other.grad += self.data * out.grad

        out._backward = _backward
        return out

    def relu(self):
        out = Value(0 if self.data < 0 else self.data, (self,), "ReLU")

        def _backward():
            # 1 where the output is positive, else 0 (so relu'(0) = 0)
            self.grad += (out.data > 0) * out.grad

        out._backward = _backward
        return out

    # -- derived operations: their gradients come "for free" -------------------

    def __radd__(self, other):  # other + self
        return self + other

    def __rmul__(self, other):  # other * self
        return self * other

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"

    def sigmoid(self):
        sig = 1.0 / (1.0 + math.exp(-self.data))
        out = Value(sig, (self,), "sigmoid")

        def _backward():
            self.grad += sig * (1.0 - sig) * out.grad

        out._backward = _backward
        return out


# In[2]:


def topo_order(root):
    seen, order = set(), []
    def go(v):
        if v not in seen:
            seen.add(v)
            for u in v._prev:
                go(u)
            order.append(v)
    go(root)
    return order[::-1]


def grads_of(root):
    root.grad = 1.0
    for v in topo_order(root):
        v._backward()


# In[3]:


def finite_diff(fn, x0, eps=1e-5):
    return (fn(x0 + eps) - fn(x0 - eps)) / (2 * eps)

expr = lambda v: (v * v).sigmoid() * v + v.relu()
x = Value(0.3)
grads_of(expr(x))
print(x.grad, finite_diff(lambda t: expr(Value(t)).data, 0.3))

