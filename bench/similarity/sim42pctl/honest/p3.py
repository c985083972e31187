import random
from engine import Value


class Module:
    def parameters(self):
        return []

    def zero_grad(self):
        for param in self.parameters():
            param.grad = 0


class Neuron(Module):
    def __init__(self, nin, nonlin=True, rng=None):
        self.weights = [Value((rng or random).uniform(-1, 1)) for _ in range(nin)]
        self.bias = Value(0)
        self.nonlin = nonlin

    def parameters(self):
        return self.weights + [self.bias]

    def __call__(self, inputs):
        z = sum((w * x for w, x in zip(self.weights, inputs)), self.bias)
        return z.tanh() if self.nonlin else z

    def __repr__(self):
        return f"{'Tanh' if self.nonlin else 'Linear'}Neuron({len(self.weights)})"


class Layer(Module):
    def __init__(self, nin, nout, **kwargs):
        self.neurons = [Neuron(nin, **kwargs) for _ in range(nout)]

    def parameters(self):
        return [param for neuron in self.neurons for param in neuron.parameters()]

    def __call__(self, inputs):
        outs = [neuron(inputs) for neuron in self.neurons]
        return outs[0] if len(outs) == 1 else outs

    def __repr__(self):
        return f"Layer of [{', '.join(str(neuron) for neuron in self.neurons)}]"


class MLP(Module):
    def __init__(self, nin, nouts, rng=None):
        sizes = [nin] + list(nouts)
        self.layers = [
            Layer(sizes[k], sizes[k + 1], nonlin=k != len(nouts) - 1, rng=rng)
            for k in range(len(nouts))
        ]

    def parameters(self):
        return [param for layer in self.layers for param in layer.parameters()]

    def __call__(self, inputs):
        for layer in self.layers:
            inputs = layer(inputs)
        return inputs

    def __repr__(self):
        return f"MLP of [{', '.join(str(layer) for layer in self.layers)}]"


XOR_INPUTS = [[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [1.0, 1.0]]
XOR_TARGETS = [-1.0, 1.0, 1.0, -1.0]


def train_xor(seed=0, steps=1000, lr=0.05):
    rng = random.Random(seed)
    network = MLP(2, [4, 1], rng=rng)
    recorded = [0.0] * steps
    for t in range(steps):
        total = sum(
            ((network(inp) - tgt) ** 2 for inp, tgt in zip(XOR_INPUTS, XOR_TARGETS)),
            Value(0),
        )
        recorded[t] = total.data
        for param in network.parameters():
            param.grad = 0
        total.backward()
        for param in network.parameters():
            param.data -= lr * param.grad
    return recorded
