"""Forward-mode differentiation with dual numbers.

A dual number is a + a'ε, where ε is a new quantity with ε² = 0 (but ε ≠ 0).
Push one through a function and the ε part comes out as the derivative:

    f(a + a'ε) = f(a) + f'(a)·a'ε      (Taylor's series stops: every ε², ε³, ... is 0)

So each operation only has to say what it does to the pair (a, a'):

    (a, a') + (b, b') = (a + b, a' + b')
    (a, a') · (b, b') = (ab, a'b + ab')          (a'b'ε² drops out)
    g((a, a'))        = (g(a), g'(a) · a')        (the chain rule, one step)

Seed the input with a' = 1 (dx/dx = 1) and the output's ε part is df/dx.
Where reverse mode (`Value.backward`) walks the graph backwards once per
*output*, forward mode carries the derivative along once per *input*: cheap
for few inputs and many outputs, the opposite of a loss.
"""

import math


class Dual:
    """A value and its derivative with respect to the one input seeded with deriv=1."""

    def __init__(self, value, deriv=0.0):
        self.value = value
        self.deriv = deriv  # a constant's derivative is 0

    def _angka(self, lain):
        # bilangan biasa -> Dual konstan
        return lain if isinstance(lain, Dual) else Dual(lain, 0.0)

    # -- arithmetic --------------------------------------------------------------

    def __add__(self, other):
        lain = self._angka(other)
        return Dual(self.value + lain.value, self.deriv + lain.deriv)

    def __mul__(self, other):
        lain = self._angka(other)
        return Dual(self.value * lain.value, self.deriv * lain.value + self.value * lain.deriv)

    def __truediv__(self, other):
        lain = self._angka(other)
        return Dual(self.value / lain.value, (self.deriv * lain.value - self.value * lain.deriv) / lain.value ** 2)

    def __pow__(self, k):
        if isinstance(k, Dual):
            hasil = self.value ** k.value
            turunan = hasil * (k.deriv * math.log(self.value) + k.value * self.deriv / self.value)
            return Dual(hasil, turunan)
        return Dual(self.value ** k, k * self.value ** (k - 1) * self.deriv)

    def __rpow__(self, c):  # c ** self, c a constant
        hasil = c ** self.value
        return Dual(hasil, hasil * math.log(c) * self.deriv)

    def __neg__(self):
        return Dual(-self.value, -self.deriv)

    def __sub__(self, other):
        return self + (-other)

    # reflected forms: the constant is on the left, so order matters for - and /
    def __radd__(self, other):  # other + self
        return self + other

    def __rsub__(self, other):  # other - self
        return (-self) + other

    def __rmul__(self, other):  # other * self
        return self * other

    def __rtruediv__(self, other):  # other / self
        return Dual(other) / self

    # -- functions: g((a, a')) = (g(a), g'(a) · a') ------------------------------

    def sin(self):
        return Dual(math.sin(self.value), math.cos(self.value) * self.deriv)

    def cos(self):
        return Dual(math.cos(self.value), -math.sin(self.value) * self.deriv)

    def exp(self):
        hasil = math.exp(self.value)
        return Dual(hasil, hasil * self.deriv)

    def log(self):
        return Dual(math.log(self.value), self.deriv / self.value)

    def tanh(self):
        hasil = math.tanh(self.value)
        return Dual(hasil, (1 - hasil ** 2) * self.deriv)

    def relu(self):
        if self.value > 0:
            return Dual(self.value, self.deriv)
        return Dual(0.0, 0.0)

    def __repr__(self):
        return f"Dual(value={self.value}, deriv={self.deriv})"


def derivative(f, x):
    """f'(x) by forward mode: seed x with derivative 1 and read the derivative of f's result.

    f takes one number (here a `Dual`) and returns one, using the operations
    above; a result that is a plain number does not depend on x, so its
    derivative is 0.
    """
    hasil = f(Dual(x, 1.0))
    return hasil.deriv if isinstance(hasil, Dual) else 0.0


# ---- pembanding: Value dari micrograd (MIT) ----

class RefValue:
    """ stores a single scalar value and its gradient """

    def __init__(self, data, _children=(), _kind=''):
        self.data = data
        self.grad = 0
        # variabel internal untuk graf
        self._backward = lambda: None
        self._inputs = set(_children)
        self._kind = _kind

    def __add__(self, lain):
        lain = lain if isinstance(lain, RefValue) else RefValue(lain)
        out = RefValue(self.data + lain.data, (self, lain), '+')

        def _backward():
            self.grad += out.grad
            lain.grad += out.grad
        out._backward = _backward

        return out

    def __mul__(self, lain):
        lain = lain if isinstance(lain, RefValue) else RefValue(lain)
        out = RefValue(self.data * lain.data, (self, lain), '*')

        def _backward():
            self.grad += lain.data * out.grad
            lain.grad += self.data * out.grad
        out._backward = _backward

        return out

    def __pow__(self, lain):
        assert isinstance(lain, (int, float)), "only supporting int/float powers for now"
        out = RefValue(self.data**lain, (self,), f'**{lain}')

        def _backward():
            self.grad += (lain * self.data**(lain-1)) * out.grad
        out._backward = _backward

        return out

    def relu(self):
        out = RefValue(0 if self.data < 0 else self.data, (self,), 'ReLU')

        def _backward():
            self.grad += (out.data > 0) * out.grad
        out._backward = _backward

        return out

    def exp(self):
        e = math.exp(self.data)
        out = RefValue(e, (self,), 'exp')

        def _backward():
            self.grad += e * out.grad
        out._backward = _backward

        return out

    def log(self):
        out = RefValue(math.log(self.data), (self,), 'log')

        def _backward():
            self.grad += out.grad / self.data
        out._backward = _backward

        return out

    def tanh(self):
        out = RefValue(math.tanh(self.data), (self,), 'tanh')

        def _backward():
            self.grad += (1 - out.data**2) * out.grad
        out._backward = _backward

        return out

    def backward(self):

        # urutan topologis
        urutan = []
        dikunjungi = set()
        def bangun(v):
            if v not in dikunjungi:
                dikunjungi.add(v)
                for child in v._inputs:
                    bangun(child)
                urutan.append(v)
        bangun(self)

        # aturan rantai satu per satu
        self.grad = 1
        for v in reversed(urutan):
            v._backward()

    def __neg__(self): # -self
        return self * -1

    def __radd__(self, lain): # lain + self
        return self + lain

    def __sub__(self, lain): # self - lain
        return self + (-lain)

    def __rsub__(self, lain): # lain - self
        return lain + (-self)

    def __rmul__(self, lain): # lain * self
        return self * lain

    def __truediv__(self, lain): # self / lain
        return self * lain**-1

    def __rtruediv__(self, lain): # lain / self
        return lain * self**-1

    def __repr__(self):
        return f"RefValue(data={self.data}, grad={self.grad})"


def reverse_derivative(f, x):
    r = RefValue(x)
    f(r).backward()
    return r.grad


def self_check():
    tests = [(lambda x: x * x * x + 2 * x, 2.0), (lambda x: x / (x * x + 1) + 2 / x, 0.8),
             (lambda x: (1 + x.exp()).log() / (x * x + 1) - x / 3, 0.3), (lambda x: x.tanh(), 2.0)]
    for f, x in tests:
        assert abs(derivative(f, x) - reverse_derivative(f, x)) < 1e-9, (f, x)
    return True
