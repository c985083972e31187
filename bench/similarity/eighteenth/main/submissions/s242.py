# Silnik autogradu -- Bartosz K., ćwiczenie 04
import math


class Value:
    def __init__(self, data, _children=(), _op=""):
        self.data = data
        self.grad = 0
        self._wstecz = lambda: None  # jak przekazać gradient dalej
        self._rodzice = tuple(dict.fromkeys(_children))
        self._op = _op

    def _wezel(self, wynik, rodzice, op):
        return Value(wynik, rodzice, op)

    def __add__(self, other):
        if not isinstance(other, Value):
            other = Value(other)
        wyj = self._wezel(self.data + other.data, (self, other), "+")

        def wstecz():
            self.grad += wyj.grad
            other.grad += wyj.grad

        wyj._wstecz = wstecz
        return wyj

    def __mul__(self, other):
        if not isinstance(other, Value):
            other = Value(other)
        wyj = self._wezel(self.data * other.data, (self, other), "*")

        def wstecz():
            self.grad += other.data * wyj.grad
            other.grad += self.data * wyj.grad

        wyj._wstecz = wstecz
        return wyj

    def __pow__(self, k):
        assert isinstance(k, (int, float)), "wykładnik musi być stałą"
        wyj = self._wezel(self.data ** k, (self,), "**" + str(k))

        def wstecz():
            # pochodna potęgi: k * x^(k-1)
            self.grad += k * self.data ** (k - 1) * wyj.grad

        wyj._wstecz = wstecz
        return wyj

    def relu(self):
        wyj = self._wezel(self.data if self.data > 0 else 0, (self,), "ReLU")

        def wstecz():
            if self.data > 0:
                self.grad += wyj.grad

        wyj._wstecz = wstecz
        return wyj

    def tanh(self):
        t = math.tanh(self.data)
        wyj = self._wezel(t, (self,), "tanh")

        def wstecz():
            self.grad += (1 - t ** 2) * wyj.grad

        wyj._wstecz = wstecz
        return wyj

    def exp(self):
        wyj = self._wezel(math.exp(self.data), (self,), "exp")

        def wstecz():
            # pochodna e^x to e^x, czyli wynik
            self.grad += wyj.data * wyj.grad

        wyj._wstecz = wstecz
        return wyj

    def log(self):
        wyj = self._wezel(math.log(self.data), (self,), "log")

        def wstecz():
            # pochodna ln x to 1/x, x to wejście
            self.grad += wyj.grad / self.data

        wyj._wstecz = wstecz
        return wyj

    def backward(self):
        kolejnosc = []
        odwiedzone = set()

        def sortuj(w):
            if w in odwiedzone:
                return
            odwiedzone.add(w)
            for r in w._rodzice:
                sortuj(r)
            kolejnosc.append(w)

        sortuj(self)
        self.grad = 1
        for w in reversed(kolejnosc):
            w._wstecz()

    def __neg__(self):
        return self * -1

    def __radd__(self, other):
        return self + other

    def __sub__(self, other):
        return self + (-other)

    def __rsub__(self, other):
        return other + (-self)

    def __rmul__(self, other):
        return self * other

    def __truediv__(self, other):
        return self * other ** -1

    def __rtruediv__(self, other):
        return other * self ** -1

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"
