# Moteur d'autodifférentiation scalaire -- Camille
# Chaque opération donne ses dérivées locales ; un seul endroit applique la règle de la chaîne.

import math


def _noeud(donnee, parents, locales, op):
    """Un nouveau Value de valeur DONNEE ; LOCALES[i] est d(sortie)/d(parents[i])."""
    sortie = Value(donnee, parents, op)

    def _backward():
        for parent, locale in zip(parents, locales):
            parent.grad += locale * sortie.grad

    sortie._backward = _backward
    return sortie


def _valeur(x):
    return x if isinstance(x, Value) else Value(x)


class Value:
    def __init__(self, data, _children=(), _op=""):
        self.data = data
        self.grad = 0
        self._backward = lambda: None
        self._prev = tuple(dict.fromkeys(_children))
        self._op = _op

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"

    # opérations de base
    def __add__(self, other):
        other = _valeur(other)
        return _noeud(self.data + other.data, (self, other), (1, 1), "+")

    def __mul__(self, other):
        other = _valeur(other)
        return _noeud(self.data * other.data, (self, other), (other.data, self.data), "*")

    def __pow__(self, k):
        assert isinstance(k, (int, float))
        return _noeud(self.data ** k, (self,), (k * self.data ** (k - 1),), f"**{k}")

    def exp(self):
        e = math.exp(self.data)
        return _noeud(e, (self,), (e,), "exp")

    def log(self):
        return _noeud(math.log(self.data), (self,), (1 / self.data,), "log")

    def tanh(self):
        t = math.tanh(self.data)
        return _noeud(t, (self,), (1 - t ** 2,), "tanh")

    def relu(self):
        positif = self.data > 0
        return _noeud(self.data if positif else 0, (self,), (1 if positif else 0,), "ReLU")

    # opérations dérivées
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
        return other + (-self)

    def __rtruediv__(self, other):
        return other * self ** -1

    # rétropropagation
    def backward(self):
        ordre, vus = [], set()

        def parcourir(v):
            if v not in vus:
                vus.add(v)
                for p in v._prev:
                    parcourir(p)
                ordre.append(v)

        parcourir(self)
        self.grad = 1
        for v in ordre[::-1]:
            v._backward()
