"""Silnik autograd dla skalarów — zadanie 03 (tanh). Bartosz."""

import math


class Value:
    def __init__(self, data, _children=(), _op=""):
        self.data = data
        self.grad = 0
        self._backward = lambda: None
        self._prev = tuple(dict.fromkeys(_children))
        self._op = _op

    def __add__(self, inny):
        if not isinstance(inny, Value):
            inny = Value(inny)
        wynik = Value(self.data + inny.data, (self, inny), "+")

        def wstecz():
            # pochodna sumy po każdym składniku to 1
            self.grad += wynik.grad
            inny.grad += wynik.grad

        wynik._backward = wstecz
        return wynik

    def __mul__(self, inny):
        if not isinstance(inny, Value):
            inny = Value(inny)
        wynik = Value(self.data * inny.data, (self, inny), "*")

        def wstecz():
            self.grad += inny.data * wynik.grad
            inny.grad += self.data * wynik.grad

        wynik._backward = wstecz
        return wynik

    def __radd__(self, inny):
        return self + inny

    def __rmul__(self, inny):
        return self * inny

    def relu(self):
        wynik = Value(self.data if self.data > 0 else 0, (self,), "ReLU")

        def wstecz():
            if wynik.data > 0:
                self.grad += wynik.grad

        wynik._backward = wstecz
        return wynik

    def tanh(self):
        t = math.tanh(self.data)
        wynik = Value(t, (self,), "tanh")

        def wstecz():
            # pochodna tanh: 1 - tanh^2, z wyniku
            self.grad += (1 - t ** 2) * wynik.grad

        wynik._backward = wstecz
        return wynik

    def backward(self):
        kolejnosc = []
        odwiedzone = set()

        def sortuj(v):
            if v in odwiedzone:
                return
            odwiedzone.add(v)
            for rodzic in v._prev:
                sortuj(rodzic)
            kolejnosc.append(v)

        sortuj(self)
        self.grad = 1
        for v in reversed(kolejnosc):
            v._backward()

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"
