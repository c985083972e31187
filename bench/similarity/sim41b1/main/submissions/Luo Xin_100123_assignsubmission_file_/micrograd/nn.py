import random

from .engine import Value


def neuron_params(nin):
    return {"w": [Value(random.uniform(-1, 1), label="w") for _ in range(nin)], "b": Value(0.0, label="b")}


class Neuron:
    def __init__(self, nin, nonlin=True):
        p = neuron_params(nin)
        self.w, self.b, self.nonlin = p["w"], p["b"], nonlin

    def __call__(self, xs):
        out = sum((wi * xi for wi, xi in zip(self.w, xs)), self.b)
        return out.tanh() if self.nonlin else out

    def parameters(self):
        return self.w + [self.b]


class Layer:
    def __init__(self, nin, nout, nonlin=True):
        self.neurons = [Neuron(nin, nonlin) for _ in range(nout)]

    def __call__(self, xs):
        ys = [n(xs) for n in self.neurons]
        return ys if len(ys) > 1 else ys[0]

    def parameters(self):
        return [q for n in self.neurons for q in n.parameters()]


class MLP:
    def __init__(self, nin, nouts):
        sizes = [nin, *nouts]
        self.layers = [Layer(a, b, nonlin=k < len(nouts) - 1) for k, (a, b) in enumerate(zip(sizes, sizes[1:]))]

    def __call__(self, xs):
        for layer in self.layers:
            xs = layer(xs)
        return xs

    def parameters(self):
        return [q for layer in self.layers for q in layer.parameters()]

    def zero_grad(self):
        for q in self.parameters():
            q.grad = 0
