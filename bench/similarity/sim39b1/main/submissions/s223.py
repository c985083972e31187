# Tarea 1 -- motor de autodiferenciación (Mateo R.)
# Cada Value guarda `prev`: un diccionario {padre: derivada local}.
import math


class Value:
    def __init__(self, dato, prev=None, etiqueta=""):
        self.data = dato
        self.grad = 0
        self.prev = prev or {}
        self.etiqueta = etiqueta

    @classmethod
    def _como_valor(cls, x):
        return x if isinstance(x, cls) else cls(x)

    def _sumar_local(self, padre, d):
        # si el mismo padre aparece dos veces (x * x) las derivadas se suman
        self.prev[padre] = self.prev.get(padre, 0) + d

    def _nuevo(self, dato, pares, etiqueta):
        hijo = Value(dato, etiqueta=etiqueta)
        for padre, d in pares:
            hijo._sumar_local(padre, d)
        return hijo

    def __add__(self, otro):
        otro = Value._como_valor(otro)
        return self._nuevo(self.data + otro.data, [(self, 1), (otro, 1)], "+")

    def __mul__(self, otro):
        otro = Value._como_valor(otro)
        return self._nuevo(self.data * otro.data, [(self, otro.data), (otro, self.data)], "*")

    def __pow__(self, n):
        return self._nuevo(self.data ** n, [(self, n * self.data ** (n - 1))], "**")

    def relu(self):
        positivo = self.data > 0
        return self._nuevo(self.data if positivo else 0, [(self, 1 if positivo else 0)], "relu")

    def tanh(self):
        t = math.tanh(self.data)
        return self._nuevo(t, [(self, 1 - t ** 2)], "tanh")

    def exp(self):
        e = math.exp(self.data)
        return self._nuevo(e, [(self, e)], "exp")

    def log(self):
        return self._nuevo(math.log(self.data), [(self, 1 / self.data)], "log")

    def __neg__(self):
        return self * -1

    def __radd__(self, otro):
        return self + otro

    def __sub__(self, otro):
        return self + -Value._como_valor(otro)

    def __rsub__(self, otro):
        return Value._como_valor(otro) - self

    def __rmul__(self, otro):
        return self * otro

    def __truediv__(self, otro):
        return self * Value._como_valor(otro) ** -1

    def __rtruediv__(self, otro):
        return Value._como_valor(otro) * self ** -1

    def _orden(self):
        # recorrido en profundidad sin recursión: (nodo, ya_expandido)
        orden, visitados, pila = [], set(), [(self, False)]
        while pila:
            nodo, expandido = pila.pop()
            if expandido:
                orden.append(nodo)
            elif nodo not in visitados:
                visitados.add(nodo)
                pila.append((nodo, True))
                for padre in nodo.prev:
                    if padre not in visitados:
                        pila.append((padre, False))
        return orden

    def backward(self):
        self.grad = 1
        for nodo in reversed(self._orden()):
            for padre, d in nodo.prev.items():
                padre.grad += d * nodo.grad  # regla de la cadena

    def __repr__(self):
        return f"Value(dato={self.data}, grad={self.grad})"
