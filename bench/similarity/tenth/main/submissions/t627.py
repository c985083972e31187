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
        if rng is None:
            rng = random.Random()
        self.w = [Value(rng.uniform(-1,1)) for _ in range(nin)]
        self.b = Value(0)
        self.nonlin = nonlin

    def __call__(self, x):
        s = sum((wi*xi for wi,xi in zip(self.w, x)), self.b)
        return s.tanh() if self.nonlin else s

    def parameters(self):
        return self.w + [self.b]

    def __repr__(self):
        return f"{'Tanh' if self.nonlin else 'Linear'}Neuron({len(self.w)})"

class Layer(Module):

    def __init__(self, nin, nout, nonlin=True, rng=None):
        if rng is None:
            rng = random.Random()
        self.neurons = [Neuron(nin, nonlin=nonlin, rng=rng) for _ in range(nout)]

    def __call__(self, x):
        ys = [n(x) for n in self.neurons]
        return ys[0] if len(ys) == 1 else ys

    def parameters(self):
        return [p for n in self.neurons for p in n.parameters()]

    def __repr__(self):
        return f"Layer of [{', '.join(str(n) for n in self.neurons)}]"

class MLP(Module):

    def __init__(self, nin, nouts, rng=None):
        if rng is None:
            rng = random.Random()
        dims = [nin] + nouts
        self.layers = [Layer(dims[i], dims[i+1], nonlin=i!=len(nouts)-1, rng=rng) for i in range(len(nouts))]

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

def train_xor(seed=0, steps=1000, lr=0.05):
    """XOR with a 2-4-1 network; returns the loss history."""
    mlp = MLP(2, [4, 1], rng=random.Random(seed))
    trace = []
    for _ in range(steps):
        preds = [mlp(x) for x in XOR_INPUTS]
        loss = sum((yp - yt)**2 for yt, yp in zip(XOR_TARGETS, preds))
        trace.append(loss.data)
        mlp.zero_grad()
        loss.backward()
        for p in mlp.parameters():
            p.data += -lr * p.grad
    return trace
