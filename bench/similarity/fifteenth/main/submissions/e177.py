"""Mijn eigen engine (Ilse): elke knoop onthoudt zijn kinderen met hun lokale afgeleide.

Geen closures: `partials` is een dict {kind: d(knoop)/d(kind)}, berekend bij de voorwaartse stap.
"""

import math


class Value:
    def __init__(self, data, partials=None, op=""):
        self.data = data
        self.grad = 0.0
        self.partials = partials or {}  # kind -> d(self)/d(kind)
        self.op = op

    @staticmethod
    def lift(x):
        return x if isinstance(x, Value) else Value(x)

    @staticmethod
    def _knoop(data, pairs, op):
        # hetzelfde kind twee keer (a * a): de afgeleiden optellen
        partials = {}
        for kind, d in pairs:
            partials[kind] = partials.get(kind, 0.0) + d
        return Value(data, partials, op)

    def __add__(self, other):
        other = Value.lift(other)
        return Value._knoop(self.data + other.data, [(self, 1.0), (other, 1.0)], "+")

    def __mul__(self, other):
        other = Value.lift(other)
        return Value._knoop(self.data * other.data, [(self, other.data), (other, self.data)], "*")

    def __radd__(self, other):
        return self + other

    def __rmul__(self, other):
        return self * other

    def relu(self):
        return Value._knoop(max(self.data, 0.0), [(self, 1.0 if self.data > 0 else 0.0)], "relu")

    def tanh(self):
        t = math.tanh(self.data)
        return Value._knoop(t, [(self, 1.0 - t * t)], "tanh")

    def backward(self):
        volgorde, gezien = [], set()

        def bezoek(v):
            if v in gezien:
                return
            gezien.add(v)
            for kind in v.partials:
                bezoek(kind)
            volgorde.append(v)

        bezoek(self)
        self.grad = 1.0
        for v in reversed(volgorde):
            for kind, d in v.partials.items():
                kind.grad += d * v.grad

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"
