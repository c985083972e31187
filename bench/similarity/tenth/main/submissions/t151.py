# Bartek W. -- zadanie 7
# Module.parameters() znajduje parametry sam: przegląda atrybuty obiektu
# (Value, moduły, listy jednych i drugich) w kolejności ich utworzenia.
import random

from engine import Value


class Module:
    def parameters(self):
        found = []
        for attr in vars(self).values():
            items = attr if isinstance(attr, list) else [attr]
            for item in items:
                if isinstance(item, Value):
                    found.append(item)
                elif isinstance(item, Module):
                    found.extend(item.parameters())
        return found

    def zero_grad(self):
        for p in self.parameters():
            p.grad = 0


class Neuron(Module):
    def __init__(self, nin, nonlin=True, rng=None):
        losuj = rng.uniform if rng is not None else random.uniform
        self.w = [Value(losuj(-1, 1)) for _ in range(nin)]  # najpierw wagi
        self.b = Value(0)  # potem bias -- kolejność ma znaczenie dla parameters()
        self.nonlin = nonlin

    def __call__(self, x):
        s = self.b
        for w, v in zip(self.w, x):
            s = s + w * v
        return s.tanh() if self.nonlin else s


class Layer(Module):
    def __init__(self, nin, nout, **kwargs):
        self.neurons = [Neuron(nin, **kwargs) for _ in range(nout)]

    def __call__(self, x):
        wyniki = [n(x) for n in self.neurons]
        return wyniki[0] if len(wyniki) == 1 else wyniki


class MLP(Module):
    def __init__(self, nin, nouts, rng=None):
        rozmiary = [nin] + list(nouts)
        ostatnia = len(nouts) - 1
        self.layers = [Layer(rozmiary[i], rozmiary[i + 1], nonlin=i != ostatnia, rng=rng)
                       for i in range(len(nouts))]

    def __call__(self, x):
        for warstwa in self.layers:
            x = warstwa(x)
        return x


XOR_INPUTS = [[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [1.0, 1.0]]
XOR_TARGETS = [-1.0, 1.0, 1.0, -1.0]


def train_xor(seed=0, steps=1000, lr=0.05):
    siec = MLP(2, [4, 1], rng=random.Random(seed))
    straty = []
    for _ in range(steps):
        strata = sum((siec(x) - y) ** 2 for x, y in zip(XOR_INPUTS, XOR_TARGETS))
        straty.append(strata.data)
        siec.zero_grad()
        strata.backward()
        for p in siec.parameters():
            p.data -= lr * p.grad
    return straty
