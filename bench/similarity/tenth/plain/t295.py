import random
from engine import Value

XOR_INPUTS = [[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [1.0, 1.0]]
XOR_TARGETS = [-1.0, 1.0, 1.0, -1.0]


class Module:
    plist = ()

    def zero_grad(self):
        for v in self.plist:
            v.grad = 0

    def parameters(self):
        return list(self.plist)


class Neuron(Module):
    def __init__(self, nin, nonlin=True, rng=None):
        pick = (rng if rng is not None else random).uniform
        self.w = [Value(pick(-1, 1)) for _ in range(nin)]
        self.b = Value(0)
        self.nonlin = nonlin
        self.plist = self.w + [self.b]

    def __repr__(self):
        return ("Tanh" if self.nonlin else "Linear") + "Neuron(%d)" % len(self.w)

    def __call__(self, x):
        act = sum((wi * xi for wi, xi in zip(self.w, x)), self.b)
        if self.nonlin:
            act = act.tanh()
        return act


class Layer(Module):
    def __init__(self, nin, nout, **kw):
        self.neurons = [Neuron(nin, **kw) for _ in range(nout)]
        self.plist = [v for n in self.neurons for v in n.plist]

    def __repr__(self):
        return "Layer(%s)" % ", ".join(repr(n) for n in self.neurons)

    def __call__(self, x):
        out = [n(x) for n in self.neurons]
        if len(out) == 1:
            return out[0]
        return out


class MLP(Module):
    def __init__(self, nin, nouts, rng=None):
        sizes = [nin] + list(nouts)
        n = len(nouts)
        self.layers = []
        for k in range(n):
            self.layers.append(Layer(sizes[k], sizes[k + 1], nonlin=k < n - 1, rng=rng))
        self.plist = [v for layer in self.layers for v in layer.plist]

    def __call__(self, x):
        for layer in self.layers:
            x = layer(x)
        return x

    def __repr__(self):
        return "MLP(%s)" % ", ".join(repr(l) for l in self.layers)


def descend(plist, lr):
    for v in plist:
        v.data = v.data - lr * v.grad


def train_xor(seed=0, steps=1000, lr=0.05):
    mlp = MLP(2, [4, 1], rng=random.Random(seed))
    plist = mlp.parameters()
    curve = []
    for _ in range(steps):
        loss = Value(0)
        for x, y in zip(XOR_INPUTS, XOR_TARGETS):
            diff = mlp(x) - y
            loss = loss + diff ** 2
        curve.append(loss.data)
        mlp.zero_grad()
        loss.backward()
        descend(plist, lr)
    return curve
