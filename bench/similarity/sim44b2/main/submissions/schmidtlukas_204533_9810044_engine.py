"""A scalar-valued reverse-mode autograd engine.

Every operation makes a new `Value` that remembers its inputs and a small
`_backward` closure. The closure knows only its own *local* derivative and
multiplies it by the gradient arriving from above (`out.grad`): the chain rule,
one node at a time. Calling those closures from the output back to the inputs
is backpropagation.
"""

import math

DEBUG = False  # auf True setzen, um die Rueckwaertsrechnung zu sehen


class Value:
    """A scalar, the gradient of the final output with respect to it, and how it was made."""

    def __init__(self, data, _children=(), _op=""):
        self.data = data
        self.grad = 0  # d(output)/d(self): nothing has flowed back yet
        self._backward = lambda: None  # a leaf passes nothing on
        # The inputs, each once, in the order given. (A set would iterate in
        # memory-address order, so gradients summed along several paths could
        # differ in the last bit from one run to the next.)
        self._prev = tuple(dict.fromkeys(_children))
        self._op = _op  # for printing and drawing graphs

    # -- the basic operations: each knows its own local derivative -------------

    def __add__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        out = Value(self.data + other.data, (self, other), "+")

        def _backward():
            # d(a + b)/da = 1 and d(a + b)/db = 1: the gradient passes through.
            # += because a node used twice receives gradient along both paths.
            self.grad += out.grad
            other.grad += out.grad

        out._backward = _backward
        return out

    def __mul__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        out = Value(self.data * other.data, (self, other), "*")

        def _backward():
            # d(a * b)/da = b and d(a * b)/db = a: each gets the *other* operand
            self.grad += other.data * out.grad
            other.grad += self.data * out.grad

        out._backward = _backward
        return out

    def __pow__(self, k):
        """self ** k, for a constant int or float k."""
        assert isinstance(k, (int, float)), "only constant int/float powers are supported"
        assert isinstance(k, (int, float))
        ergebnis = Value(self.data ** k, (self,), "pow")

        def _backward():
            # Potenzregel
            self.grad += k * self.data ** (k - 1) * ergebnis.grad

        ergebnis._backward = _backward
        return ergebnis

    def relu(self):
        out = Value(0 if self.data < 0 else self.data, (self,), "ReLU")

        def _backward():
            # 1 where the output is positive, else 0 (so relu'(0) = 0)
            self.grad += (out.data > 0) * out.grad

        out._backward = _backward
        return out

    def tanh(self):
        t = math.tanh(self.data)
        out = Value(t, (self,), "tanh")

        def _backward():
            # d tanh(x)/dx = 1 - tanh(x)**2, written with the *output* t
            self.grad += (1 - t**2) * out.grad

        out._backward = _backward
        return out

    def exp(self):
        ergebnis = Value(math.exp(self.data), (self,), "exp")

        def _backward():
            # Ableitung von e^x ist e^x = die Ausgabe
            self.grad += ergebnis.data * ergebnis.grad

        ergebnis._backward = _backward
        return ergebnis

    def log(self):
        if self.data <= 0:
            raise ValueError(f"log von {self.data} ist nicht definiert")
        ergebnis = Value(math.log(self.data), (self,), "log")

        def _backward():
            self.grad += ergebnis.grad / self.data

        ergebnis._backward = _backward
        return ergebnis

    # -- backpropagation -------------------------------------------------------

    def backward(self):
        """Add d(self)/d(v) into v.grad for every v that self depends on, starting from d(self)/d(self) = 1."""
        topo, visited = [], set()
        stack = [(self, False)]
        while stack:
            node, children_done = stack.pop()
            if children_done:
                topo.append(node)
            elif node not in visited:
                visited.add(node)
                stack.append((node, True))
                for child in node._prev:
                    if child not in visited:
                        stack.append((child, False))

        self.grad = 1
        for node in reversed(topo):
            if DEBUG:
                print("backward durch", node._op or "Blatt", "data =", node.data, "grad =", node.grad)
            node._backward()

    # -- derived operations: their gradients come "for free" -------------------

    def __neg__(self):  # -self
        return self * (-1)

    def __radd__(self, other):  # other + self
        return self + other

    def __sub__(self, other):  # self - other
        return self + (-other)

    def __rsub__(self, other):  # other - self
        return (-self) + other

    def __rmul__(self, other):  # other * self
        return self * other

    def __truediv__(self, other):  # self / other
        return self * (other ** -1)

    def __rtruediv__(self, other):  # other / self
        return (self ** -1) * other

    def parameters(self):
        """Alle Knoten, von denen dieser Wert abhaengt (inklusive sich selbst)."""
        gesehen, reihenfolge = set(), []
        zu_besuchen = [self]
        while zu_besuchen:
            k = zu_besuchen.pop()
            if k in gesehen:
                continue
            gesehen.add(k)
            reihenfolge.append(k)
            zu_besuchen.extend(k._prev)
        return reihenfolge

    def zero_grad(self):
        """Setzt alle Gradienten im Graphen auf 0 (vor einem zweiten backward noetig)."""
        for k in self.parameters():
            k.grad = 0

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"



# Tests aus der Aufgabe
if __name__ == "__main__":
    DEBUG = True
    x = Value(2.0)
    y = x ** 3
    y.backward()
    print("x.grad =", x.grad, "(soll 12.0)")

    DEBUG = False
    a = Value(5.0)
    b = Value(2.0)
    c = a - b
    c.backward()
    print(a.grad, b.grad, "(soll 1 -1)")

    a = Value(0.5)
    d = 2 / a
    d.backward()
    print(a.grad, "(soll -8.0)")

    # zweimal backward mit zero_grad dazwischen
    u = Value(3.0)
    v = u.log() * u
    v.backward()
    erstes = u.grad
    v.zero_grad()
    v.backward()
    print("gleich?", erstes == u.grad)
