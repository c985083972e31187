"""Lab 7: a neuron, a layer and an MLP made of Values, trained on XOR.

Each module can walk its own parameters (_walk); parameters() lists them.
"""

import random

from engine import Value

XOR_INPUTS = [[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [1.0, 1.0]]
XOR_TARGETS = [-1.0, 1.0, 1.0, -1.0]


class Module:
    def _walk(self):
        return
        yield

    def zero_grad(self):
        for q in self.parameters():
            q.grad = 0

    def parameters(self):
        return [q for q in self._walk()]


class Layer(Module):
    """Several neurons reading the same input."""

    def __init__(self, nin, nout, **kwargs):
        self.neurons = []
        for _ in range(nout):
            self.neurons.append(Neuron(nin, **kwargs))

    def __call__(self, inputs):
        outs = [cell(inputs) for cell in self.neurons]
        if len(outs) == 1:
            return outs[0]
        return outs

    def _walk(self):
        for cell in self.neurons:
            for q in cell._walk():
                yield q

    def __repr__(self):
        return "Layer[" + ", ".join(str(cell) for cell in self.neurons) + "]"


class Neuron(Module):
    """tanh of the weighted sum, or the weighted sum alone when nonlin is off."""

    def __init__(self, nin, nonlin=True, rng=None):
        pick = (random if rng is None else rng).uniform
        self.w = []
        for _ in range(nin):
            self.w.append(Value(pick(-1, 1)))
        self.b = Value(0)
        self.nonlin = nonlin

    def __call__(self, inputs):
        s = self.b
        for wk, xk in zip(self.w, inputs):
            s = s + wk * xk
        if self.nonlin:
            s = s.tanh()
        return s

    def _walk(self):
        for wk in self.w:
            yield wk
        yield self.b

    def __repr__(self):
        kind = "Tanh" if self.nonlin else "Linear"
        return kind + "Neuron(" + str(len(self.w)) + ")"


class MLP(Module):
    """Layers in a row, the last one linear."""

    def __init__(self, nin, nouts, rng=None):
        dims = [nin, *nouts]
        count = len(nouts)
        self.layers = []
        for k in range(count):
            self.layers.append(Layer(dims[k], dims[k + 1], nonlin=k + 1 < count, rng=rng))

    def __call__(self, inputs):
        for stage in self.layers:
            inputs = stage(inputs)
        return inputs

    def _walk(self):
        for stage in self.layers:
            yield from stage._walk()

    def __repr__(self):
        return "MLP[" + ", ".join(str(stage) for stage in self.layers) + "]"


def train_xor(seed=0, steps=1000, lr=0.05):
    """The loss before every step of gradient descent."""
    mlp = MLP(2, [4, 1], rng=random.Random(seed))
    curve = []
    for _ in range(steps):
        loss = sum((mlp(inp) - tgt) ** 2 for inp, tgt in zip(XOR_INPUTS, XOR_TARGETS))
        curve.append(loss.data)
        mlp.zero_grad()
        loss.backward()
        for q in mlp.parameters():
            q.data = q.data - lr * q.grad
    return curve
