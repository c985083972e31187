# Nils Fischer, Aufgabe 5
# Idee: jeder Knoten bekommt beim Erzeugen eine laufende Nummer. Ein Knoten
# wird immer NACH seinen Eingaben erzeugt, also ist "absteigende Nummer" eine
# gueltige Reihenfolge fuer die Rueckwaertsrechnung. Kein DFS noetig.

import itertools

_counter = itertools.count()


class Value:
    def __init__(self, data, _children=(), _op=""):
        self.data = data
        self.grad = 0
        self._backward = lambda: None
        self._prev = tuple(_children)
        self._op = _op
        self.nr = next(_counter)  # Erzeugungsreihenfolge

    def __add__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        out = Value(self.data + other.data, (self, other), "+")

        def _backward():
            self.grad += out.grad
            other.grad += out.grad

        out._backward = _backward
        return out

    def __mul__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        out = Value(self.data * other.data, (self, other), "*")

        def _backward():
            self.grad += other.data * out.grad
            other.grad += self.data * out.grad

        out._backward = _backward
        return out

    def relu(self):
        out = Value(self.data if self.data > 0 else 0, (self,), "ReLU")

        def _backward():
            self.grad += out.grad if out.data > 0 else 0

        out._backward = _backward
        return out

    def __radd__(self, other):
        return self + other

    def __rmul__(self, other):
        return self * other

    def backward(self):
        # alle erreichbaren Knoten einsammeln (Reihenfolge egal)
        alle = {}
        offen = [self]
        while offen:
            k = offen.pop()
            if k.nr not in alle:
                alle[k.nr] = k
                offen.extend(k._prev)
        self.grad = 1
        # groesste Nummer zuerst = Ausgabe zuerst
        for nr in sorted(alle, reverse=True):
            alle[nr]._backward()

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"
