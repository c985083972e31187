# nn.py for the XOR exercise, from micrograd's nn.py (https://github.com/karpathy/micrograd)
# MIT License, Copyright (c) 2020 Andrej Karpathy: the above copyright notice and this permission notice shall be
# included in all copies or substantial portions of the Software.
import random
from engine import Value

class Module:

    def zero_grad(self):
        for param in self.parameters():
            param.grad = 0

    def parameters(self):
        return []

class Neuron(Module):

    def __init__(self, n_inputs, nonlin=True, rng=None):
        rng = rng or random.Random(0)
        self.w = [Value(rng.uniform(-1, 1)) for _ in range(n_inputs)]
        self.b = Value(0)
        self.nonlin = nonlin

    def __call__(self, inputs):
        z = sum((wi * xi for wi, xi in zip(self.w, inputs)), self.b)
        return z.tanh() if self.nonlin else z

    def parameters(self):
        return self.w + [self.b]

    def __repr__(self):
        return f"{'Tanh' if self.nonlin else 'Linear'}Neuron({len(self.w)})"

class Layer(Module):

    def __init__(self, n_inputs, n_outputs, **kwargs):
        self.neurons = [Neuron(n_inputs, **kwargs) for _ in range(n_outputs)]

    def __call__(self, inputs):
        outs = [neuron(inputs) for neuron in self.neurons]
        return outs[0] if len(outs) == 1 else outs

    def parameters(self):
        return [param for neuron in self.neurons for param in neuron.parameters()]

    def __repr__(self):
        return f"Layer of [{', '.join(str(neuron) for neuron in self.neurons)}]"

class MLP(Module):

    def __init__(self, n_inputs, layer_sizes, rng=None):
        rng = rng or random.Random(0)
        sizes = [n_inputs] + layer_sizes
        self.layers = [Layer(sizes[i], sizes[i + 1], nonlin=i != len(layer_sizes) - 1, rng=rng)
                       for i in range(len(layer_sizes))]

    def __call__(self, inputs):
        for layer in self.layers:
            inputs = layer(inputs)
        return inputs

    def parameters(self):
        return [param for layer in self.layers for param in layer.parameters()]

    def __repr__(self):
        return f"MLP of [{', '.join(str(layer) for layer in self.layers)}]"
