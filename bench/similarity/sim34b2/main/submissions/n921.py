import random

from engine import Value  # the course's engine, not micrograd's package


class Module:

    def zero_grad(self):
        for param in self.parameters():
            param.grad = 0

    def parameters(self):
        return []

class Neuron(Module):

    def __init__(self, n_in, nonlin=True, rng=None):
        # draw from the rng we are handed (reproducible), default seed 0
        rng = rng if rng else random.Random(0)
        self.w = [Value(rng.uniform(-1,1)) for _ in range(n_in)]
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

    def __init__(self, n_in, n_out, **kwargs):
        self.neurons = [Neuron(n_in, **kwargs) for _ in range(n_out)]

    def __call__(self, x):
        ys = [n(x) for n in self.neurons]
        return ys[0] if len(ys) == 1 else ys

    def parameters(self):
        return [param for n in self.neurons for param in n.parameters()]

    def __repr__(self):
        return f"Layer of [{', '.join(str(n) for n in self.neurons)}]"

class MLP(Module):

    def __init__(self, n_in, n_outs, rng=None):
        rng = rng if rng else random.Random(0)
        sz = [n_in] + n_outs
        # every layer tanh except the output one
        self.layers = [Layer(sz[i], sz[i+1], nonlin=i!=len(n_outs)-1, rng=rng) for i in range(len(n_outs))]

    def __call__(self, x):
        for layer in self.layers:
            x = layer(x)
        return x

    def parameters(self):
        return [param for layer in self.layers for param in layer.parameters()]

    def __repr__(self):
        return f"MLP of [{', '.join(str(layer) for layer in self.layers)}]"


XOR_INPUTS = [[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [1.0, 1.0]]
XOR_TARGETS = [-1.0, 1.0, 1.0, -1.0]

def train_xor(seed=0, steps=1000, lr=0.05):
    # the usual loop: forward, loss, zero_grad, backward, update
    mlp = MLP(2, [4, 1], rng=random.Random(seed))
    losses = []
    for step in range(steps):
        loss = sum([(mlp(x) - y)**2 for x, y in zip(XOR_INPUTS, XOR_TARGETS)])
        losses.append(loss.data)
        mlp.zero_grad()
        loss.backward()
        for param in mlp.parameters():
            param.data = param.data - lr * param.grad
    return losses
