import random

from .scalar import Value


class Neuron:
    def __init__(self, n_in, nonlin=True):
        self.w = [Value(random.uniform(-1, 1)) for _ in range(n_in)]
        self.b = Value(0.0)
        self.nonlin = nonlin

    def parameters(self):
        return self.w + [self.b]

    def __call__(self, inputs):
        pre = sum((w * v for w, v in zip(self.w, inputs)), self.b)
        return pre.tanh() if self.nonlin else pre


class Layer:
    def __init__(self, n_in, n_out, **kw):
        self.neurons = [Neuron(n_in, **kw) for _ in range(n_out)]

    def parameters(self):
        return [w for unit in self.neurons for w in unit.parameters()]

    def __call__(self, inputs):
        res = [unit(inputs) for unit in self.neurons]
        return res[0] if len(res) == 1 else res


class MLP:
    def __init__(self, n_in, widths):
        sizes = [n_in] + list(widths)
        self.layers = [Layer(sizes[i], sizes[i + 1], nonlin=i != len(widths) - 1) for i in range(len(widths))]

    def parameters(self):
        return [w for layer in self.layers for w in layer.parameters()]

    def zero_grad(self):
        for w in self.parameters():
            w.grad = 0.0

    def __call__(self, inputs):
        for layer in self.layers:
            inputs = layer(inputs)
        return inputs
