"""Uma's nn.py: written from scratch, a layer built size by size."""
import random
from engine import Value

class Module:

    def parameters(self):
        return []

    def zero_grad(self):
        for p in self.parameters():
            p.grad = 0

class Neuron(Module):

    def parameters(self):
        return self.w + [self.b]

    def __call__(self, x):
        z = self.b
        for k in range(len(x)):
            z = z + self.w[k] * x[k]
        if self.nonlin:
            return z.tanh()
        return z

    def __init__(self, nin, nonlin=True, rng=None):
        rng = rng or random.Random()
        self.w = [Value(rng.uniform(-1, 1)) for _ in range(nin)]
        self.b = Value(0)
        self.nonlin = nonlin

class Layer(Module):

    def parameters(self):
        acc = []
        for neuron in self.neurons:
            acc += neuron.parameters()
        return acc

    def __call__(self, x):
        ys = []
        for neuron in self.neurons:
            ys.append(neuron(x))
        if len(ys) == 1:
            return ys[0]
        return ys

    def __init__(self, nin, nout, **kwargs):
        self.neurons = []
        for _ in range(nout):
            self.neurons.append(Neuron(nin, **kwargs))

class MLP(Module):

    def parameters(self):
        acc = []
        for layer in self.layers:
            acc += layer.parameters()
        return acc

    def __call__(self, x):
        for layer in self.layers:
            x = layer(x)
        return x

    def __init__(self, nin, nouts, rng=None):
        if rng is None:
            rng = random.Random()
        self.layers = []
        prev_size = nin
        for index, size in enumerate(nouts):
            final = index == len(nouts) - 1
            self.layers.append(Layer(prev_size, size, nonlin=not final, rng=rng))
            prev_size = size
XOR_INPUTS = [[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [1.0, 1.0]]
XOR_TARGETS = [-1.0, 1.0, 1.0, -1.0]

def train_xor(seed=0, steps=1000, lr=0.05):
    model = MLP(2, [4, 1], rng=random.Random(seed))
    losses = []
    for _ in range(steps):
        loss = 0
        for inputs, target in zip(XOR_INPUTS, XOR_TARGETS):
            diff = model(inputs) - target
            loss = loss + diff * diff
        losses.append(loss.data)
        model.zero_grad()
        loss.backward()
        for param in model.parameters():
            param.data = param.data - lr * param.grad
    return losses
