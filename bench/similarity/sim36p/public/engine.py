"""Companion code of a blog post, "Adding tanh to a tiny autograd engine" (a stand-in written for this class,
CC0: public/LICENSE). The post builds on an engine like the course's; only tanh is new."""

import math


class Value:
    def __init__(self, data, _children=(), _op=""):
        self.data = data
        self.grad = 0
        self._backward = lambda: None
        self._prev = tuple(dict.fromkeys(_children))
        self._op = _op

    def tanh(self):
        # Step 1: the forward value. math.tanh is stable for large |x|.
        x = self.data
        t = math.tanh(x)
        out = Value(t, (self,), "tanh")

        # Step 2: the local derivative, 1 - t**2, times the gradient from above.
        def _backward():
            self.grad += (1 - t**2) * out.grad

        out._backward = _backward
        return out
