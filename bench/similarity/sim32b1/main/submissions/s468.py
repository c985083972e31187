"""engine.py -- Amara O., week 4.

Not the starter: I kept my notebook version from the lecture, where every node
stores a function that returns the local gradients of its inputs.
"""
from math import exp as _exp, log as _log, tanh as _tanh


class Value(object):
    def __init__(self, data, inputs=None, grads_fn=None, op=None):
        self.data = data
        self.grad = 0
        self.inputs = inputs or []
        self.grads_fn = grads_fn   # returns [d out / d input for each input]
        self.op = op

    def _make(self, data, inputs, grads_fn, op):
        return Value(data, inputs, grads_fn, op)

    def __add__(self, other):
        if not isinstance(other, Value):
            other = Value(other)
        return self._make(self.data + other.data, [self, other], lambda: [1, 1], "add")

    def __mul__(self, other):
        if not isinstance(other, Value):
            other = Value(other)
        a, b = self.data, other.data
        return self._make(a * b, [self, other], lambda: [b, a], "mul")

    def __pow__(self, n):
        x = self.data
        return self._make(x ** n, [self], lambda: [n * x ** (n - 1)], "pow")

    def exp(self):
        y = _exp(self.data)
        return self._make(y, [self], lambda: [y], "exp")

    def log(self):
        x = self.data
        return self._make(_log(x), [self], lambda: [1 / x], "log")

    def tanh(self):
        y = _tanh(self.data)
        return self._make(y, [self], lambda: [1 - y ** 2], "tanh")

    def relu(self):
        x = self.data
        return self._make(x if x > 0 else 0, [self], lambda: [1 if x > 0 else 0], "relu")

    def __radd__(self, other):
        return self + other

    def __rmul__(self, other):
        return self * other

    def __neg__(self):
        return self * (-1)

    def __sub__(self, other):
        return self + (-1) * other

    def __rsub__(self, other):
        return (-1) * self + other

    def __truediv__(self, other):
        if isinstance(other, Value):
            return self * other ** (-1)
        return self * (1 / other)

    def __rtruediv__(self, other):
        return other * self ** (-1)

    def backward(self):
        # Kahn-style: count how many consumers each node has, then release
        # a node once all of its consumers have pushed their gradient into it.
        consumers = {}
        stack = [self]
        seen = {id(self)}
        while stack:
            node = stack.pop()
            for i in node.inputs:
                consumers[id(i)] = consumers.get(id(i), 0) + 1
                if id(i) not in seen:
                    seen.add(id(i))
                    stack.append(i)
        self.grad = 1
        ready = [self]
        while ready:
            node = ready.pop()
            if node.grads_fn is None:
                continue
            for i, g in zip(node.inputs, node.grads_fn()):
                i.grad += g * node.grad
                consumers[id(i)] -= 1
                if consumers[id(i)] == 0:
                    ready.append(i)

    def __repr__(self):
        return "Value(data=%r, grad=%r)" % (self.data, self.grad)
