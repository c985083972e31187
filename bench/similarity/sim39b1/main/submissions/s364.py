"""PS1: reverse-mode autodiff on scalars.  Chen W.

Each Value keeps one closure per parent in `_grad_fns`: given the output's
gradient it returns that parent's share. Order: an iterative post-order.
"""
import math


class Value:
    __slots__ = ("data", "grad", "_parents", "_grad_fns", "_op")

    def __init__(self, data, parents=(), grad_fns=(), op=""):
        self.data = float(data)
        self.grad = 0.0
        self._parents = tuple(parents)
        self._grad_fns = tuple(grad_fns)
        self._op = op

    @staticmethod
    def _lift(x):
        return x if isinstance(x, Value) else Value(x)

    def __add__(self, other):
        other = Value._lift(other)
        return Value(self.data + other.data, (self, other), (lambda g: g, lambda g: g), "+")

    def __mul__(self, other):
        other = Value._lift(other)
        a, b = self.data, other.data
        return Value(a * b, (self, other), (lambda g: g * b, lambda g: g * a), "*")

    def __pow__(self, k):
        x = self.data
        return Value(x ** k, (self,), (lambda g: g * k * x ** (k - 1),), "pow")

    def relu(self):
        x = self.data
        return Value(x if x > 0 else 0.0, (self,), (lambda g: g if x > 0 else 0.0,), "relu")

    def tanh(self):
        t = math.tanh(self.data)
        return Value(t, (self,), (lambda g: g * (1 - t * t),), "tanh")

    def exp(self):
        e = math.exp(self.data)
        return Value(e, (self,), (lambda g: g * e,), "exp")

    def log(self):
        x = self.data
        return Value(math.log(x), (self,), (lambda g: g / x,), "log")

    def __neg__(self):
        return self * -1

    def __radd__(self, other):
        return self + other

    def __sub__(self, other):
        return self + (-Value._lift(other))

    def __rsub__(self, other):
        return Value._lift(other) + (-self)

    def __rmul__(self, other):
        return self * other

    def __truediv__(self, other):
        return self * Value._lift(other) ** -1

    def __rtruediv__(self, other):
        return Value._lift(other) * self ** -1

    def _post_order(self):
        # a stack of (node, iterator over its parents): a node is done when its iterator runs out
        order, seen = [], {id(self)}
        stack = [(self, iter(self._parents))]
        while stack:
            v, it = stack[-1]
            p = next((q for q in it if id(q) not in seen), None)
            if p is None:
                stack.pop()
                order.append(v)
            else:
                seen.add(id(p))
                stack.append((p, iter(p._parents)))
        return order

    def backward(self):
        order = self._post_order()
        self.grad = 1.0
        for v in reversed(order):
            for p, fn in zip(v._parents, v._grad_fns):
                p.grad += fn(v.grad)

    def __repr__(self):
        return f"Value({self.data}, grad={self.grad})"
