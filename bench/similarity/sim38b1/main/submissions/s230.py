# Práctica 2 - Lucía Fernández
# Motor escrito desde cero. El orden hacia atrás sale de un montículo (heapq):
# cada nodo lleva un número de creación y se procesa primero el más nuevo.
import heapq
import math

_contador = [0]


class Value:
    def __init__(self, data, padres=(), reglas=(), nombre=""):
        _contador[0] += 1
        self.id = _contador[0]
        self.data = data
        self.grad = 0.0
        self.padres = padres
        self.reglas = reglas  # una función g -> gradiente por padre
        self.nombre = nombre

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"

    def __add__(self, otro):
        otro = otro if isinstance(otro, Value) else Value(otro)
        return Value(self.data + otro.data, (self, otro), (lambda g: g, lambda g: g), "+")

    def __mul__(self, otro):
        otro = otro if isinstance(otro, Value) else Value(otro)
        return Value(self.data * otro.data, (self, otro),
                     (lambda g: g * otro.data, lambda g: g * self.data), "*")

    def __pow__(self, n):
        return Value(self.data ** n, (self,), (lambda g: g * n * self.data ** (n - 1),), f"^{n}")

    def __neg__(self):
        return self * -1

    def __sub__(self, otro):
        return self + (-otro)

    def __rsub__(self, otro):
        return -self + otro

    def __truediv__(self, otro):
        return self * otro ** -1 if isinstance(otro, Value) else self * (1.0 / otro)

    def __rtruediv__(self, otro):
        return self ** -1 * otro

    __radd__ = __add__
    __rmul__ = __mul__

    def relu(self):
        positivo = self.data > 0
        return Value(self.data if positivo else 0.0, (self,), (lambda g: g if positivo else 0.0,), "relu")

    def tanh(self):
        t = math.tanh(self.data)
        return Value(t, (self,), (lambda g: g * (1 - t * t),), "tanh")

    def exp(self):
        e = math.exp(self.data)
        return Value(e, (self,), (lambda g: g * e,), "exp")

    def log(self):
        return Value(math.log(self.data), (self,), (lambda g: g / self.data,), "log")

    def backward(self):
        # el más nuevo primero: -id en el montículo; cada nodo entra una sola vez
        self.grad = 1.0
        monticulo = [(-self.id, self)]
        dentro = {self.id}
        while monticulo:
            _, nodo = heapq.heappop(monticulo)
            for padre, regla in zip(nodo.padres, nodo.reglas):
                padre.grad += regla(nodo.grad)
                if padre.id not in dentro:
                    dentro.add(padre.id)
                    heapq.heappush(monticulo, (-padre.id, padre))
