import math


class Value:
    """ skalaari ja sen gradientti """

    def __init__(self, data, _children=(), _op=''):
        self.data = data
        self.grad = 0
        # sisäiset muuttujat laskentaverkkoa varten
        self._backward = lambda: None
        self._prev = set(_children)
        self._op = _op # operaatio, joka teki tämän solmun

    def __add__(self, y):
        y = y if isinstance(y, Value) else Value(y)
        o = Value(self.data + y.data, (self, y), '+')

        def _backward():
            self.grad += o.grad
            y.grad += o.grad
        o._backward = _backward

        return o

    def __mul__(self, y):
        y = y if isinstance(y, Value) else Value(y)
        o = Value(self.data * y.data, (self, y), '*')

        def _backward():
            self.grad += y.data * o.grad
            y.grad += self.data * o.grad
        o._backward = _backward

        return o

    def __pow__(self, y):
        assert isinstance(y, (int, float)), "only supporting int/float powers for now"
        o = Value(self.data**y, (self,), f'**{y}')

        def _backward():
            self.grad += (y * self.data**(y-1)) * o.grad
        o._backward = _backward

        return o

    def relu(self):
        o = Value(0 if self.data < 0 else self.data, (self,), 'ReLU')

        def _backward():
            self.grad += (o.data > 0) * o.grad
        o._backward = _backward

        return o

    def backward(self):

        # topologinen järjestys kaikille solmuille
        jarjestys = []
        kaydyt = set()
        def kokoa(solmu):
            if solmu not in kaydyt:
                kaydyt.add(solmu)
                for lapsi in solmu._prev:
                    kokoa(lapsi)
                jarjestys.append(solmu)
        kokoa(self)

        # ketjusääntö solmu kerrallaan
        self.grad = 1
        for solmu in reversed(jarjestys):
            solmu._backward()

    def __neg__(self): # -self
        return self * -1

    def __radd__(self, y): # y + self
        return self + y

    def __sub__(self, y): # self - y
        return self + (-y)

    def __rsub__(self, y): # y - self
        return y + (-self)

    def __rmul__(self, y): # y * self
        return self * y

    def __truediv__(self, y): # self / y
        return self * y**-1

    def __rtruediv__(self, y): # y / self
        return y * self**-1

    def __repr__(self):
        return f"Value(data={self.data}, grad={self.grad})"

    # --- kurssia varten: exp, log ja tanh exp:n avulla ---
    def exp(self):
        o = Value(math.exp(self.data), (self,), 'exp')
        def _backward():
            self.grad += math.exp(self.data) * o.grad
        o._backward = _backward
        return o

    def log(self):
        o = Value(math.log(self.data), (self,), 'log')
        def _backward():
            self.grad += o.grad / self.data
        o._backward = _backward
        return o

    def tanh(self):
        e = (2 * self).exp()
        return (e - 1) / (e + 1)
