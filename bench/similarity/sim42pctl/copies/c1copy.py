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


def sq_loss(model, data_pairs):
    """squared error summed over the data"""
    total = Value(0.0)
    for x, y in data_pairs:
        err = model(x) - y
        total = total + err * err
    return total


def descend(params, lr):
    for p in params:
        p.data -= lr * p.grad
        p.grad = 0


def train_xor(seed=0, steps=1000, lr=0.05):
    model = MLP(2, [4, 1], rng=random.Random(seed))
    data_pairs = list(zip(XOR_INPUTS, XOR_TARGETS))
    losses_seen = []
    model.zero_grad()
    for k in range(steps):
        loss = sq_loss(model, data_pairs)
        losses_seen.append(loss.data)
        loss.backward()
        descend(model.parameters(), lr)
    best = min(range(len(losses_seen)), key=losses_seen.__getitem__) if losses_seen else -1
    print("lowest loss at step", best, "of", len(losses_seen))
    return losses_seen
