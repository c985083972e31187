import random

from engine import Value


class Module:

    def parameters(self):
        return []

    def zero_grad(self):
        for p in self.parameters():
            p.grad = 0


class Neuron(Module):

    def __init__(self, nin, nonlin=True, rng=None):
        r = rng or random.Random(0)
        self.w = [Value(r.uniform(-1, 1)) for _ in range(nin)]
        self.b = Value(0)
        self.nonlin = nonlin

    def parameters(self):
        return self.w + [self.b]

    def __call__(self, x):
        s = sum((wk * xk for wk, xk in zip(self.w, x)), self.b)
        if self.nonlin:
            return s.tanh()
        return s

    def __repr__(self):
        kind = 'Tanh' if self.nonlin else 'Linear'
        return f"{kind}Neuron({len(self.w)})"


class Layer(Module):

    def __init__(self, nin, nout, **kwargs):
        self.neurons = [Neuron(nin, **kwargs) for _ in range(nout)]

    def parameters(self):
        return [p for unit in self.neurons for p in unit.parameters()]

    def __call__(self, x):
        res = [unit(x) for unit in self.neurons]
        if len(res) == 1:
            return res[0]
        return res

    def __repr__(self):
        inner = ', '.join(str(unit) for unit in self.neurons)
        return f"Layer of [{inner}]"


class MLP(Module):

    def __init__(self, nin, nouts, rng=None):
        r = rng or random.Random(0)
        dims = [nin] + nouts
        count = len(nouts)
        self.layers = [Layer(dims[k], dims[k + 1], nonlin=k != count - 1, rng=r) for k in range(count)]

    def parameters(self):
        return [p for lyr in self.layers for p in lyr.parameters()]

    def __call__(self, x):
        for lyr in self.layers:
            x = lyr(x)
        return x

    def __repr__(self):
        inner = ', '.join(str(lyr) for lyr in self.layers)
        return f"MLP of [{inner}]"


XOR_INPUTS = [[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [1.0, 1.0]]
XOR_TARGETS = [-1.0, 1.0, 1.0, -1.0]


def train_xor(seed=0, steps=1000, lr=0.05):
    model = MLP(2, [4, 1], rng=random.Random(seed))
    out = []
    for _ in range(steps):
        err = Value(0.0)
        for x, y in zip(XOR_INPUTS, XOR_TARGETS):
            d = model(x) - y
            err = err + d * d
        out.append(err.data)
        model.zero_grad()
        err.backward()
        for p in model.parameters():
            p.data -= lr * p.grad
    return out
