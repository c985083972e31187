# engine.py -- HW1, Marta L.
# Reverse mode on a tape: every operation appends one record to a global list as it is
# computed (output, inputs, local derivatives), and backward replays the tape from the end.
import math

TAPE = []


class Value:
    def __init__(self, data):
        self.data = data
        self.grad = 0.0

    @staticmethod
    def _v(x):
        return x if isinstance(x, Value) else Value(x)

    def _record(self, data, inputs, partials):
        out = Value(data)
        TAPE.append((out, inputs, partials))
        return out

    def __add__(self, other):
        other = Value._v(other)
        return self._record(self.data + other.data, (self, other), (1.0, 1.0))

    def __mul__(self, other):
        other = Value._v(other)
        return self._record(self.data * other.data, (self, other), (other.data, self.data))

    def __pow__(self, p):
        return self._record(self.data ** p, (self,), (p * self.data ** (p - 1),))

    def relu(self):
        return self._record(max(self.data, 0.0), (self,), (1.0 if self.data > 0 else 0.0,))

    def tanh(self):
        t = math.tanh(self.data)
        return self._record(t, (self,), (1 - t * t,))

    def exp(self):
        e = math.exp(self.data)
        return self._record(e, (self,), (e,))

    def log(self):
        return self._record(math.log(self.data), (self,), (1.0 / self.data,))

    def __neg__(self):
        return self * -1

    def __radd__(self, other):
        return self + other

    def __rmul__(self, other):
        return self * other

    def __sub__(self, other):
        return self + Value._v(other) * -1

    def __rsub__(self, other):
        return Value._v(other) + self * -1

    def __truediv__(self, other):
        return self * Value._v(other) ** -1

    def __rtruediv__(self, other):
        return Value._v(other) * self ** -1

    def backward(self):
        # the tape is in the order the values were made, so reversed it is a valid order;
        # only the records this value depends on carry gradient, the others add zero
        for entry in TAPE:
            for x in entry[1]:
                x.grad = 0.0
        self.grad = 1.0
        for out, inputs, partials in reversed(TAPE):
            if out.grad == 0.0:
                continue
            for x, d in zip(inputs, partials):
                x.grad += d * out.grad

    def __repr__(self):
        return f"Value({self.data:.5f}, grad={self.grad:.5f})"
