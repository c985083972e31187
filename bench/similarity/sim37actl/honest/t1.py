"""Engine for lab 2. I record every operation on a tape as it happens (a Wengert list,
like the autodiff chapter of the textbook), then walk the tape backwards."""
import math

_tape = []


class Value:
    def __init__(self, data, _children=(), _op=''):
        self.data = float(data)
        self.grad = 0.0
        self._prev = set(_children)
        self._op = _op

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"

    @staticmethod
    def _wrap(x):
        return x if isinstance(x, Value) else Value(x)

    def _push(self, data, parents, partials, op):
        node = Value(data, parents, op)
        _tape.append((node, parents, partials))
        return node

    def __add__(self, other):
        other = Value._wrap(other)
        return self._push(self.data + other.data, (self, other), (1.0, 1.0), '+')

    def __mul__(self, other):
        other = Value._wrap(other)
        return self._push(self.data * other.data, (self, other), (other.data, self.data), '*')

    def __pow__(self, k):
        assert isinstance(k, (int, float)), "only supporting int/float powers for now"
        return self._push(self.data ** k, (self,), (k * self.data ** (k - 1),), f'**{k}')

    def relu(self):
        return self._push(max(0.0, self.data), (self,), (1.0 if self.data > 0 else 0.0,), 'ReLU')

    def tanh(self):
        t = math.tanh(self.data)
        return self._push(t, (self,), (1 - t ** 2,), 'tanh')

    def exp(self):
        e = math.exp(self.data)
        return self._push(e, (self,), (e,), 'exp')

    def log(self):
        return self._push(math.log(self.data), (self,), (1.0 / self.data,), 'log')

    def __neg__(self):
        return self * -1

    def __sub__(self, other):
        return self + (-other)

    def __truediv__(self, other):
        return self * other ** -1

    def __radd__(self, other):
        return self + other

    def __rmul__(self, other):
        return self * other

    def __rsub__(self, other):
        return Value._wrap(other) - self

    def __rtruediv__(self, other):
        return Value._wrap(other) / self

    def backward(self):
        # only the part of the tape that leads to self matters
        live = {id(self)}
        self.grad = 1.0
        for node, parents, partials in reversed(_tape):
            if id(node) not in live:
                continue
            for p, d in zip(parents, partials):
                p.grad += d * node.grad
                live.add(id(p))


if __name__ == '__main__':
    h = 1e-6
    x = Value(0.3)
    y = (x * x).tanh() + x.exp()
    y.backward()
    f = lambda v: math.tanh(v * v) + math.exp(v)
    numeric = (f(0.3 + h) - f(0.3 - h)) / (2 * h)
    print(x.grad, numeric, abs(x.grad - numeric) < 1e-4)
