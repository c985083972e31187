# Emre D. -- otomatik türev motoru (ödev 4)
import math


class Value:

    def __init__(self, data, _cocuklar=(), _islem=''):
        self.data = float(data)
        self.grad = 0.0
        self._geri = lambda: None
        self._onceki = set(_cocuklar)
        self._islem = _islem

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"

    def __add__(self, diger):
        diger = diger if isinstance(diger, Value) else Value(diger)
        sonuc = Value(self.data + diger.data, (self, diger), '+')

        def _geri():
            self.grad += sonuc.grad
            diger.grad += sonuc.grad
        sonuc._geri = _geri
        return sonuc

    def __mul__(self, diger):
        diger = diger if isinstance(diger, Value) else Value(diger)
        sonuc = Value(self.data * diger.data, (self, diger), '*')

        def _geri():
            self.grad += diger.data * sonuc.grad
            diger.grad += self.data * sonuc.grad
        sonuc._geri = _geri
        return sonuc

    def __truediv__(self, diger):
        diger = diger if isinstance(diger, Value) else Value(diger)
        sonuc = Value(self.data / diger.data, (self, diger), '/')

        def _geri():
            self.grad += sonuc.grad / diger.data
            diger.grad -= self.data * sonuc.grad / diger.data ** 2
        sonuc._geri = _geri
        return sonuc

    def __rtruediv__(self, diger):
        return Value(diger) / self

    def __pow__(self, us):
        if not isinstance(us, (int, float)):
            raise TypeError("üs bir sayı olmalı")
        sonuc = Value(self.data ** us, (self,), f'**{us}')

        def _geri():
            self.grad += us * self.data ** (us - 1) * sonuc.grad
        sonuc._geri = _geri
        return sonuc

    def exp(self):
        sonuc = Value(math.exp(self.data), (self,), 'exp')

        def _geri():
            self.grad += sonuc.data * sonuc.grad
        sonuc._geri = _geri
        return sonuc

    def log(self):
        sonuc = Value(math.log(self.data), (self,), 'log')

        def _geri():
            self.grad += sonuc.grad / self.data
        sonuc._geri = _geri
        return sonuc

    def tanh(self):
        sonuc = Value(math.tanh(self.data), (self,), 'tanh')

        def _geri():
            self.grad += (1 - sonuc.data ** 2) * sonuc.grad
        sonuc._geri = _geri
        return sonuc

    def relu(self):
        sonuc = Value(max(0.0, self.data), (self,), 'ReLU')

        def _geri():
            self.grad += (sonuc.data > 0) * sonuc.grad
        sonuc._geri = _geri
        return sonuc

    def __neg__(self):
        return self * -1

    def __radd__(self, diger):
        return self + diger

    def __sub__(self, diger):
        return self + (-diger)

    def __rsub__(self, diger):
        return diger + (-self)

    def __rmul__(self, diger):
        return self * diger

    def backward(self):
        sira, gorulen = [], set()

        def gez(v):
            if v not in gorulen:
                gorulen.add(v)
                for c in v._onceki:
                    gez(c)
                sira.append(v)
        gez(self)
        self.grad = 1.0
        for v in reversed(sira):
            v._geri()
