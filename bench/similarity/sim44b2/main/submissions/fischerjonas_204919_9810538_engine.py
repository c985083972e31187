import math


class Value:
    """ stores a single scalar value and its gradient """

    def __init__(self, data, _children=(), _op=''):
        self.data = data
        self.grad = 0
        self._backward = lambda: None
        self._prev = set(_children)
        self._op = _op

    def __add__(self, anderer):
        anderer = anderer if isinstance(anderer, Value) else Value(anderer)
        ergebnis = Value(self.data + anderer.data, (self, anderer), '+')

        def _backward():
            self.grad += ergebnis.grad
            anderer.grad += ergebnis.grad
        ergebnis._backward = _backward

        return ergebnis

    def __mul__(self, anderer):
        anderer = anderer if isinstance(anderer, Value) else Value(anderer)
        ergebnis = Value(self.data * anderer.data, (self, anderer), '*')

        def _backward():
            self.grad += anderer.data * ergebnis.grad
            anderer.grad += self.data * ergebnis.grad
        ergebnis._backward = _backward

        return ergebnis

    def __pow__(self, anderer):
        assert isinstance(anderer, (int, float)), "only supporting int/float powers for now"
        ergebnis = Value(self.data**anderer, (self,), f'**{anderer}')

        def _backward():
            self.grad += (anderer * self.data**(anderer-1)) * ergebnis.grad
        ergebnis._backward = _backward

        return ergebnis

    def relu(self):
        ergebnis = Value(0 if self.data < 0 else self.data, (self,), 'ReLU')

        def _backward():
            self.grad += (ergebnis.data > 0) * ergebnis.grad
        ergebnis._backward = _backward

        return ergebnis

    def exp(self):
        ergebnis = Value(math.exp(self.data), (self,), 'e^x')

        def _backward():
            self.grad += ergebnis.data * ergebnis.grad
        ergebnis._backward = _backward

        return ergebnis

    def log(self):
        ergebnis = Value(math.log(self.data), (self,), 'ln')

        def _backward():
            self.grad += (1 / self.data) * ergebnis.grad
        ergebnis._backward = _backward

        return ergebnis

    def tanh(self):
        t = math.tanh(self.data)
        ergebnis = Value(t, (self,), 'tanh')

        def _backward():
            self.grad += (1 - t**2) * ergebnis.grad
        ergebnis._backward = _backward

        return ergebnis

    def backward(self):

        reihenfolge = []
        besucht = set()
        def sortiere(knoten):
            if knoten not in besucht:
                besucht.add(knoten)
                for kind in knoten._prev:
                    sortiere(kind)
                reihenfolge.append(knoten)
        sortiere(self)

        self.grad = 1
        for knoten in reversed(reihenfolge):
            knoten._backward()

    def __neg__(self):
        return self * -1

    def __radd__(self, anderer):
        return self + anderer

    def __sub__(self, anderer):
        return self + (-anderer)

    def __rsub__(self, anderer):
        return anderer + (-self)

    def __rmul__(self, anderer):
        return self * anderer

    def __truediv__(self, anderer):
        return self * anderer**-1

    def __rtruediv__(self, anderer):
        return anderer * self**-1

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"



# Jonas Fischer, Hausaufgabe 4: Tests
def pruefe(name, wert, soll, eps=1e-9):
    ok = abs(wert - soll) < eps
    print(("OK   " if ok else "FEHLER ") + name, wert, soll)
    return ok


if __name__ == "__main__":
    x = Value(2.0)
    (x**3).backward()
    pruefe("x**3", x.grad, 12.0)
    a, b = Value(5.0), Value(2.0)
    (a - b).backward()
    pruefe("a-b (a)", a.grad, 1)
    pruefe("a-b (b)", b.grad, -1)
    c = Value(0.5)
    (2 / c).backward()
    pruefe("2/c", c.grad, -8.0)
    d = Value(0.0)
    d.exp().backward()
    pruefe("exp", d.grad, 1.0)
    e = Value(1.0)
    e.log().backward()
    pruefe("log", e.grad, 1.0)
