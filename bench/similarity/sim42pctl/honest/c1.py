import random
from engine import Value

class Module:

    def zero_grad(self):
        for p in self.parameters():
            p.grad = 0

    def parameters(self):
        return []

class Neuron(Module):

    def __init__(self, nin, nonlin=True, rng=None):
        self.w = [Value((rng or random).uniform(-1,1)) for _ in range(nin)]
        self.b = Value(0)
        self.nonlin = nonlin

    def __call__(self, x):
        act = sum((wi*xi for wi,xi in zip(self.w, x)), self.b)
        return act.tanh() if self.nonlin else act

    def parameters(self):
        return self.w + [self.b]

    def __repr__(self):
        return f"{'Tanh' if self.nonlin else 'Linear'}Neuron({len(self.w)})"

class Layer(Module):

    def __init__(self, nin, nout, **kwargs):
        self.neurons = [Neuron(nin, **kwargs) for _ in range(nout)]

    def __call__(self, x):
        out = [n(x) for n in self.neurons]
        return out[0] if len(out) == 1 else out

    def parameters(self):
        return [p for n in self.neurons for p in n.parameters()]

    def __repr__(self):
        return f"Layer of [{', '.join(str(n) for n in self.neurons)}]"

class MLP(Module):

    def __init__(self, nin, nouts, rng=None):
        sz = [nin] + list(nouts)
        self.layers = [Layer(sz[i], sz[i+1], nonlin=i!=len(nouts)-1, rng=rng) for i in range(len(nouts))]

    def __call__(self, x):
        for layer in self.layers:
            x = layer(x)
        return x

    def parameters(self):
        return [p for layer in self.layers for p in layer.parameters()]

    def __repr__(self):
        return f"MLP of [{', '.join(str(layer) for layer in self.layers)}]"



XOR_INPUTS = [[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [1.0, 1.0]]
XOR_TARGETS = [-1.0, 1.0, 1.0, -1.0]


def mse_sum(model, batch):
    """sum of squared errors of model over batch (pairs of x, y)"""
    acc = Value(0.0)
    for x, y in batch:
        diff = model(x) - y
        acc = acc + diff * diff
    return acc


def sgd_step(params, lr):
    for p in params:
        p.data -= lr * p.grad
        p.grad = 0


def train_xor(seed=0, steps=1000, lr=0.05):
    model = MLP(2, [4, 1], rng=random.Random(seed))
    batch = list(zip(XOR_INPUTS, XOR_TARGETS))
    trace = []
    model.zero_grad()
    for k in range(steps):
        loss = mse_sum(model, batch)
        trace.append(loss.data)
        loss.backward()
        sgd_step(model.parameters(), lr)
    best = min(range(len(trace)), key=trace.__getitem__) if trace else -1
    print("best step", best, "of", len(trace))
    return trace
