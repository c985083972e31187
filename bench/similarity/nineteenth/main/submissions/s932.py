"""Moteur d'autodifférentiation scalaire (exercice 03, tanh) — Camille.

Pas de fermetures : chaque nœud garde ses dérivées locales, et `_backward`
est une méthode qui applique la règle de la chaîne vers ses parents.
"""

import math


class Value:
    """Un scalaire, son gradient, et les dérivées locales vers ses parents."""

    def __init__(self, data, _children=(), _op="", _locales=()):
        self.data = data
        self.grad = 0
        self._parents = tuple(_children)  # avec répétitions : a * a a deux fois a
        self._prev = tuple(dict.fromkeys(_children))
        self._locales = tuple(_locales)  # d(self)/d(parent), dans le même ordre
        self._op = _op

    def _backward(self):
        # règle de la chaîne : chaque parent reçoit dérivée locale × gradient de la sortie
        for parent, locale in zip(self._parents, self._locales):
            parent.grad += locale * self.grad

    @staticmethod
    def _valeur(x):
        return x if isinstance(x, Value) else Value(x)

    def __add__(self, autre):
        autre = Value._valeur(autre)
        return Value(self.data + autre.data, (self, autre), "+", (1, 1))

    def __radd__(self, autre):
        return self + autre

    def __mul__(self, autre):
        autre = Value._valeur(autre)
        return Value(self.data * autre.data, (self, autre), "*", (autre.data, self.data))

    def __rmul__(self, autre):
        return self * autre

    def relu(self):
        positif = self.data > 0
        return Value(self.data if positif else 0, (self,), "ReLU", (1 if positif else 0,))

    def tanh(self):
        t = math.tanh(self.data)
        # dérivée écrite avec la sortie : 1 - t²
        return Value(t, (self,), "tanh", (1 - t * t,))

    def backward(self):
        # tri topologique itératif (pas de récursion : les longues chaînes passent)
        ordre, vus, pile = [], set(), [(self, False)]
        while pile:
            noeud, fini = pile.pop()
            if fini:
                ordre.append(noeud)
            elif noeud not in vus:
                vus.add(noeud)
                pile.append((noeud, True))
                pile.extend((p, False) for p in noeud._prev)
        self.grad = 1
        for noeud in reversed(ordre):
            noeud._backward()

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"
