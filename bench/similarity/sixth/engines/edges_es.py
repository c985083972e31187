# Motor de autograd: cada nodo guarda sus derivadas locales al crearse.
# No hay clausuras: backward solo multiplica y suma.
from math import exp as _exp, tanh as _tanh


class Value:
    __slots__ = ("data", "grad", "edges", "op")

    def __init__(self, data, edges=(), op=""):
        self.data = data
        self.grad = 0
        self.edges = edges  # pares (entrada, derivada local)
        self.op = op

    def __repr__(self):
        return "Value(data=%r, grad=%r, op=%r)" % (self.data, self.grad, self.op)

    def __add__(self, otro):
        otro = otro if isinstance(otro, Value) else Value(otro)
        return Value(self.data + otro.data, ((self, 1), (otro, 1)), "+")

    def __mul__(self, otro):
        otro = otro if isinstance(otro, Value) else Value(otro)
        return Value(self.data * otro.data, ((self, otro.data), (otro, self.data)), "*")

    def __radd__(self, otro):
        return self + otro

    def __rmul__(self, otro):
        return self * otro

    def __pow__(self, n):
        return Value(self.data ** n, ((self, n * self.data ** (n - 1)),), "pow")

    def __truediv__(self, otro):
        return self * otro ** -1

    def __neg__(self):
        return self * -1

    def relu(self):
        positivo = self.data > 0
        return Value(self.data if positivo else 0, ((self, 1 if positivo else 0),), "relu")

    def exp(self):
        e = _exp(self.data)
        return Value(e, ((self, e),), "exp")

    def tanh(self):
        t = _tanh(self.data)
        return Value(t, ((self, 1 - t * t),), "tanh")

    def backward(self):
        # orden topológico con una pila (sin recursión)
        orden, vistos = [], set()
        pila = [(self, False)]
        while pila:
            nodo, listo = pila.pop()
            if listo:
                orden.append(nodo)
                continue
            if nodo in vistos:
                continue
            vistos.add(nodo)
            pila.append((nodo, True))
            for entrada, _ in nodo.edges:
                pila.append((entrada, False))
        self.grad = 1
        for nodo in reversed(orden):
            for entrada, local in nodo.edges:
                entrada.grad += local * nodo.grad
