# Rania A. -- engine.py
# Like a real autodiff tape: every op writes (output, inputs, local derivatives) onto the tape when it runs.
# backward() reads the tape backwards. The local derivatives are numbers computed in the forward pass.
import math


class Tape:
    def __init__(self):
        self.entries = []

    def write(self, out, inputs, partials):
        out.position = len(self.entries)
        self.entries.append((out, inputs, partials))


TAPE = Tape()


class Value:
    def __init__(self, data):
        self.data = data
        self.grad = 0.0
        self.position = -1

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"

    @staticmethod
    def _emit(data, inputs, partials):
        out = Value(data)
        TAPE.write(out, inputs, partials)
        return out

    def __add__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        return Value._emit(self.data + other.data, (self, other), (1.0, 1.0))

    def __mul__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        return Value._emit(self.data * other.data, (self, other), (other.data, self.data))

    def __pow__(self, p):
        return Value._emit(self.data ** p, (self,), (p * self.data ** (p - 1),))

    def exp(self):
        e = math.exp(self.data)
        return Value._emit(e, (self,), (e,))

    def log(self):
        return Value._emit(math.log(self.data), (self,), (1 / self.data,))

    def tanh(self):
        t = math.tanh(self.data)
        return Value._emit(t, (self,), (1 - t ** 2,))

    def relu(self):
        return Value._emit(max(self.data, 0), (self,), (float(self.data > 0),))

    def __neg__(self):
        return self * -1

    def __radd__(self, other):
        return self + other

    def __rmul__(self, other):
        return self * other

    def __sub__(self, other):
        return self + (-other)

    def __rsub__(self, other):
        return (-self) + other

    def __truediv__(self, other):
        return self * other ** -1

    def __rtruediv__(self, other):
        return other * self ** -1

    def backward(self):
        needed, stack = set(), [self]
        while stack:
            v = stack.pop()
            if v.position >= 0 and v.position not in needed:
                needed.add(v.position)
                stack.extend(TAPE.entries[v.position][1])
        self.grad = 1.0
        for i in sorted(needed, reverse=True):
            out, inputs, partials = TAPE.entries[i]
            for x, d in zip(inputs, partials):
                x.grad += d * out.grad
