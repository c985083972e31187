"""engine.py -- Lukas P., Aufgabe 05 (eigene Version mit Operationscodes)."""


class Value:
    def __init__(self, data, operands=(), code=None):
        self.data = data
        self.grad = 0
        self.operands = operands
        self.code = code

    def __add__(self, other):
        if not isinstance(other, Value):
            other = Value(other)
        return Value(self.data + other.data, (self, other), "add")

    def __mul__(self, other):
        if not isinstance(other, Value):
            other = Value(other)
        return Value(self.data * other.data, (self, other), "mul")

    def relu(self):
        return Value(max(self.data, 0), (self,), "relu")

    def __radd__(self, other):
        return self + other

    def __rmul__(self, other):
        return self * other

    def _apply_backward(self):
        g = self.grad
        if self.code == "add":
            for o in self.operands:
                o.grad += g
        elif self.code == "mul":
            x, y = self.operands
            x.grad += y.data * g
            y.grad += x.data * g
        elif self.code == "relu":
            (x,) = self.operands
            if self.data > 0:
                x.grad += g

    def backward(self):
        # Tiefensuche mit eigenem Stapel; "index" zeigt auf den nächsten Operanden
        reihenfolge = []
        besucht = {self}
        stapel = [(self, 0)]
        while stapel:
            knoten, index = stapel.pop()
            if index < len(knoten.operands):
                stapel.append((knoten, index + 1))
                naechster = knoten.operands[index]
                if naechster not in besucht:
                    besucht.add(naechster)
                    stapel.append((naechster, 0))
            else:
                reihenfolge.append(knoten)
        self.grad = 1
        for knoten in reversed(reihenfolge):
            knoten._apply_backward()

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"
