"""Carl's engine for exercise 02.

I did not like closures, so each node keeps the function that computes
its local derivatives and a generic method applies them. Gradients are
always accumulated.
"""

import math


class Value:

    def __init__(self, data, _children=(), _op="", _locals=None):
        self.data = data
        self.grad = 0.0
        self._prev = tuple(dict.fromkeys(_children))
        self._children = tuple(_children)
        self._op = _op
        self._locals = _locals
        self._backward = self._apply if _locals else (lambda: None)

    def _apply(self):
        # one contribution per operand, in the order they were given (a*a gets two)
        for child, d in zip(self._children, self._locals()):
            child.grad += d * self.grad

    @classmethod
    def of(cls, x):
        return x if isinstance(x, cls) else cls(x)

    def __add__(self, other):
        other = Value.of(other)
        return Value(self.data + other.data, (self, other), "+", lambda: (1.0, 1.0))

    def __mul__(self, other):
        other = Value.of(other)
        return Value(self.data * other.data, (self, other), "*", lambda: (other.data, self.data))

    def relu(self):
        return Value(max(self.data, 0), (self,), "ReLU", lambda: (float(self.data > 0),))

    def exp(self):
        e = math.exp(self.data)
        return Value(e, (self,), "exp", lambda: (e,))

    def __pow__(self, k):
        return Value(self.data ** k, (self,), f"**{k}", lambda: (k * self.data ** (k - 1),))

    def __neg__(self):
        return self * -1

    def __radd__(self, other):
        return self + other

    def __rmul__(self, other):
        return self * other

    def __sub__(self, other):
        return self + (-other)

    def __repr__(self):
        return f"Value(data={self.data:.4g}, grad={self.grad:.4g})"
