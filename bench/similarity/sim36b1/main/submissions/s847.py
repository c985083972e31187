"""Lab 2 -- Marco. A tape-based engine (Wengert list).

Every operation appends one record to a global tape as it runs: the output
node, its inputs and the local derivatives. Because the tape is written in
execution order, it is already a topological order, so backward() only has
to find which records lead to the output and replay them in reverse.
"""

import math

TAPE = []  # (output, inputs, local derivatives), in the order they ran


def as_value(x):
    return x if isinstance(x, Value) else Value(x)


def record(value, inputs, locals_, op):
    out = Value(value, op=op)
    out._prev = set(inputs)
    out._index = len(TAPE)
    TAPE.append((out, tuple(inputs), tuple(locals_)))
    return out


class Value:
    def __init__(self, data, _children=(), op=''):
        self.data = data
        self.grad = 0.0
        self._prev = set(_children)
        self._op = op
        self._index = -1  # leaves are not on the tape

    def __repr__(self):
        return f'Value(data={self.data:.4f}, grad={self.grad:.4f})'

    def __add__(self, other):
        other = as_value(other)
        return record(self.data + other.data, (self, other), (1.0, 1.0), '+')

    def __mul__(self, other):
        other = as_value(other)
        return record(self.data * other.data, (self, other), (other.data, self.data), '*')

    def __pow__(self, n):
        assert isinstance(n, (int, float))
        return record(self.data ** n, (self,), (n * self.data ** (n - 1),), f'^{n}')

    def relu(self):
        return record(self.data if self.data > 0 else 0.0, (self,), (float(self.data > 0),), 'relu')

    def tanh(self):
        t = math.tanh(self.data)
        return record(t, (self,), (1 - t * t,), 'tanh')

    def exp(self):
        e = math.exp(self.data)
        return record(e, (self,), (e,), 'exp')

    def log(self):
        return record(math.log(self.data), (self,), (1 / self.data,), 'log')

    def __neg__(self):
        return self * -1

    def __sub__(self, other):
        return self + (-as_value(other))

    def __truediv__(self, other):
        return self * as_value(other) ** -1

    def __radd__(self, other):
        return self + other

    def __rmul__(self, other):
        return self * other

    def __rsub__(self, other):
        return as_value(other) - self

    def __rtruediv__(self, other):
        return as_value(other) / self

    def backward(self):
        # which tape records feed the output?
        needed, stack = set(), [self]
        while stack:
            v = stack.pop()
            if v._index >= 0 and v._index not in needed:
                needed.add(v._index)
                stack.extend(v._prev)
        self.grad = 1.0
        for i in sorted(needed, reverse=True):
            out, inputs, locals_ = TAPE[i]
            for inp, d in zip(inputs, locals_):
                inp.grad += d * out.grad
