import random

from .core import Value


class Neuron:
    def __init__(self, fan_in, nonlin=True):
        self.weights = [Value(random.uniform(-1, 1)) for _ in range(fan_in)]
        self.bias = Value(0.0)
        self.nonlin = nonlin

    def parameters(self):
        return [*self.weights, self.bias]

    def __call__(self, inputs):
        total = self.bias
        for weight, inp in zip(self.weights, inputs):
            total = total + weight * inp
        return total.tanh() if self.nonlin else total


class Layer:
    def __init__(self, fan_in, fan_out, nonlin=True):
        self.units = [Neuron(fan_in, nonlin) for _ in range(fan_out)]

    def parameters(self):
        return [p for unit in self.units for p in unit.parameters()]

    def __call__(self, inputs):
        outs = [unit(inputs) for unit in self.units]
        return outs[0] if len(outs) == 1 else outs


class MLP:
    def __init__(self, fan_in, widths):
        dims = [fan_in] + list(widths)
        self.layers = [Layer(dims[i], dims[i + 1], nonlin=i < len(widths) - 1) for i in range(len(widths))]

    def parameters(self):
        return [p for layer in self.layers for p in layer.parameters()]

    def zero_grad(self):
        for p in self.parameters():
            p.grad = 0.0

    def __call__(self, inputs):
        for layer in self.layers:
            inputs = layer(inputs)
        return inputs
