import random
from engine import Value

# adapted from karpathy/micrograd nn.py

class Module:

    def zero_grad(self):
        for p in self.parameters():
            p.grad = 0.0

    def parameters(self):
        return []

class Neuron(Module):

    def __init__(self, nin, nonlin=True, rng=None):
        self.rng = rng or random.Random(1234)
        self.w = [Value(self.rng.uniform(-1, 1)) for _ in range(nin)]
        self.b = Value(0.0)
        self.nonlin = nonlin

    def __call__(self, x):
        act = sum((wi*xi for wi, xi in zip(self.w, x)), self.b)
        if self.nonlin:
            return act.tanh()
        return act

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
        shared = rng or random.Random(1234)
        sz = [nin] + list(nouts)
        last = len(nouts) - 1
        self.layers = [Layer(sz[i], sz[i+1], nonlin=(i != last), rng=shared) for i in range(len(nouts))]

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


def squared_error(model):
    errors = [(model(x) - y) ** 2 for x, y in zip(XOR_INPUTS, XOR_TARGETS)]
    return sum(errors[1:], errors[0])


def train_xor(seed=0, steps=1000, lr=0.05):
    model = MLP(2, [4, 1], rng=random.Random(seed))
    out = []
    for i in range(steps):
        loss = squared_error(model)
        out.append(float(loss.data))
        model.zero_grad()
        loss.backward()
        for param in model.parameters():
            param.data = param.data - lr * param.grad
        if i % 250 == 0:
            print(f"step {i}: loss {loss.data:.5f}")
    return out
