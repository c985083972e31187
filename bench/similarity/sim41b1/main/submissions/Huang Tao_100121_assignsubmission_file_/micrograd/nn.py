import random

from .engine import Value


class Neuron:
    def __init__(self, nin, nonlin=True):
        self.w = [Value(random.gauss(0.0, 1.0 / nin ** 0.5)) for _ in range(nin)]
        self.b = Value(0.0)
        self.nonlin = nonlin

    def __call__(self, x):
        s = self.b
        for w, v in zip(self.w, x):
            s = s + w * v
        return s.tanh() if self.nonlin else s

    def parameters(self):
        return [*self.w, self.b]


class Layer:
    def __init__(self, nin, nout, nonlin=True):
        self.neurons = [Neuron(nin, nonlin) for _ in range(nout)]

    def __call__(self, x):
        out = [n(x) for n in self.neurons]
        return out[0] if len(out) == 1 else out

    def parameters(self):
        return [p for n in self.neurons for p in n.parameters()]


class MLP:
    def __init__(self, nin, nouts):
        dims = [nin, *nouts]
        last = len(nouts) - 1
        self.layers = [Layer(dims[i], dims[i + 1], nonlin=(i < last)) for i in range(len(nouts))]

    def __call__(self, x):
        for layer in self.layers:
            x = layer(x)
        return x

    def parameters(self):
        return [p for layer in self.layers for p in layer.parameters()]

    def zero_grad(self):
        for p in self.parameters():
            p.grad = 0.0
