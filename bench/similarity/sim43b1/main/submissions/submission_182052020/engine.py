# Tarea 4 - motor propio (Diego Fernández)
# Cada nodo guarda sus padres junto con la derivada local, calculada ya en el
# paso hacia adelante. backward() es recursivo; subo el límite de recursión.
import math
import sys

sys.setrecursionlimit(100_000)


def _v(x):
    return x if isinstance(x, Value) else Value(x)


class Value:
    def __init__(self, data, edges=()):
        self.data = data
        self.grad = 0
        self._edges = list(edges)  # [(padre, derivada local), ...]

    def __add__(self, other):
        other = _v(other)
        return Value(self.data + other.data, [(self, 1), (other, 1)])

    def __mul__(self, other):
        other = _v(other)
        return Value(self.data * other.data, [(self, other.data), (other, self.data)])

    def __pow__(self, k):
        assert isinstance(k, (int, float))
        return Value(self.data ** k, [(self, k * self.data ** (k - 1))])

    def relu(self):
        if self.data > 0:
            return Value(self.data, [(self, 1)])
        return Value(0, [(self, 0)])

    def tanh(self):
        t = math.tanh(self.data)
        return Value(t, [(self, 1 - t * t)])

    def exp(self):
        e = math.exp(self.data)
        return Value(e, [(self, e)])

    def log(self):
        return Value(math.log(self.data), [(self, 1 / self.data)])

    def __neg__(self):
        return self * -1

    def __radd__(self, other):
        return self + other

    def __sub__(self, other):
        return self + (-_v(other))

    def __rsub__(self, other):
        return _v(other) + (-self)

    def __rmul__(self, other):
        return self * other

    def __truediv__(self, other):
        return self * _v(other) ** -1

    def __rtruediv__(self, other):
        return _v(other) * self ** -1

    def backward(self):
        orden = []
        vistos = set()

        def visitar(v):
            if id(v) in vistos:
                return
            vistos.add(id(v))
            for padre, _ in v._edges:
                visitar(padre)
            orden.append(v)

        visitar(self)
        self.grad = 1
        for v in reversed(orden):
            for padre, d in v._edges:
                padre.grad += d * v.grad

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"
