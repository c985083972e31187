# Farah Haddad -- Lab 7, neural net on top of my engine
# (wrote this one from scratch, did not use the handout file)
import random

from engine import Value


class Module:
    """Base class. Subclasses list their own Values in _own() and their
    sub-modules in _children(); parameters() walks both."""

    def _own(self):
        return []

    def _children(self):
        return []

    def parameters(self):
        found = list(self._own())
        for child in self._children():
            found.extend(child.parameters())
        return found

    def zero_grad(self):
        for v in self.parameters():
            v.grad = 0


def _fresh_rng(rng):
    # one place that decides what "no rng" means
    return rng if rng is not None else random.Random()


class Neuron(Module):
    def __init__(self, nin, nonlin=True, rng=None):
        rng = _fresh_rng(rng)
        self.w = [Value(rng.uniform(-1, 1)) for _ in range(nin)]
        self.b = Value(0)
        self.nonlin = nonlin

    def _own(self):
        return self.w + [self.b]

    def __call__(self, x):
        z = self.b
        for wi, xi in zip(self.w, x):
            z = z + wi * xi
        return z.tanh() if self.nonlin else z

    def __repr__(self):
        kind = "Tanh" if self.nonlin else "Linear"
        return f"{kind}Neuron({len(self.w)})"


class Layer(Module):
    def __init__(self, nin, nout, nonlin=True, rng=None):
        rng = _fresh_rng(rng)
        self.neurons = [Neuron(nin, nonlin=nonlin, rng=rng) for _ in range(nout)]

    def _children(self):
        return self.neurons

    def __call__(self, x):
        ys = [n(x) for n in self.neurons]
        return ys[0] if len(ys) == 1 else ys

    def __repr__(self):
        return "Layer[" + ", ".join(map(repr, self.neurons)) + "]"


class MLP(Module):
    def __init__(self, nin, nouts, rng=None):
        rng = _fresh_rng(rng)
        ins = [nin] + list(nouts[:-1])
        last = len(nouts) - 1
        self.layers = [Layer(a, b, nonlin=(k != last), rng=rng)
                       for k, (a, b) in enumerate(zip(ins, nouts))]

    def _children(self):
        return self.layers

    def __call__(self, x):
        for layer in self.layers:
            x = layer(x)
        return x

    def __repr__(self):
        return "MLP[" + ", ".join(map(repr, self.layers)) + "]"


XOR_INPUTS = [[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [1.0, 1.0]]
XOR_TARGETS = [-1.0, 1.0, 1.0, -1.0]


def sum_squared_error(model, inputs, targets):
    return sum((model(x) - y) ** 2 for x, y in zip(inputs, targets))


def train_xor(seed=0, steps=1000, lr=0.05):
    model = MLP(2, [4, 1], rng=random.Random(seed))
    losses = []
    for _ in range(steps):
        loss = sum_squared_error(model, XOR_INPUTS, XOR_TARGETS)
        losses.append(loss.data)
        model.zero_grad()
        loss.backward()
        for v in model.parameters():
            v.data -= lr * v.grad
    return losses


if __name__ == "__main__":
    hist = train_xor()
    print("first loss", hist[0], "last loss", hist[-1])
