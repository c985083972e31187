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

from __future__ import annotations

import random
from dataclasses import dataclass, field

from engine import Value


@dataclass
class History:
    """every loss seen during training, plus the lowest"""
    values: list[float] = field(default_factory=list)
    lowest: float = float('inf')

    def record(self, v: float) -> None:
        self.lowest = v if v < self.lowest else self.lowest
        self.values.append(v)


class Module:
    """Anything with parameters: a neuron, a layer, a whole network."""

    def parameters(self) -> list[Value]:
        """Every `Value` that training should adjust."""
        return []

    def zero_grad(self) -> None:
        """Set every parameter's grad back to 0 (gradients accumulate across backward passes)."""
        for prm in self.parameters():
            prm.grad = 0.0


class Neuron(Module):
    """One unit: tanh(sum of w_i * x_i, plus b) when nonlin, else the plain weighted sum."""

    def __init__(self, nin, nonlin=True, rng=None):
        r: random.Random = random.Random(0) if rng is None else rng
        self.nonlin: bool = nonlin
        self.b: Value = Value(0.0)
        self.w: list[Value] = [Value(r.uniform(-1.0, 1.0)) for _ in range(nin)]

    def __repr__(self):
        return f"{'Tanh' if self.nonlin else 'Linear'}Neuron({len(self.w)})"

    def parameters(self) -> list[Value]:
        return [*self.w, self.b]

    def __call__(self, x) -> Value:
        total: Value = self.b
        for wt, xv in zip(self.w, x):
            total = total + wt * xv
        return total if not self.nonlin else total.tanh()


class Layer(Module):
    """nout neurons, each seeing all nin inputs; kwargs (nonlin, rng) go to every neuron."""

    def __init__(self, nin, nout, **kwargs):
        r: random.Random | None = kwargs.pop('rng', None)
        r = random.Random(0) if r is None else r
        self.neurons: list[Neuron] = [Neuron(nin, rng=r, **kwargs) for _ in range(nout)]

    def __repr__(self):
        return f"Layer[{', '.join(str(n) for n in self.neurons)}]"

    def parameters(self) -> list[Value]:
        return [prm for unit in self.neurons for prm in unit.parameters()]

    def __call__(self, x):
        ys: list[Value] = [unit(x) for unit in self.neurons]
        return ys if len(ys) != 1 else ys[0]


class MLP(Module):
    """A multi-layer perceptron: nin inputs, then one layer per entry of nouts; the last is linear."""

    def __init__(self, nin, nouts, rng=None):
        r: random.Random = random.Random(0) if rng is None else rng
        shape: list[int] = [nin, *nouts]
        self.layers: list[Layer] = [Layer(shape[k], shape[k + 1], nonlin=k < len(nouts) - 1, rng=r)
                                    for k in range(len(nouts))]

    def __repr__(self):
        return f"MLP of [{', '.join(str(layer) for layer in self.layers)}]"

    def parameters(self) -> list[Value]:
        return [prm for lyr in self.layers for prm in lyr.parameters()]

    def __call__(self, x):
        for lyr in self.layers:
            x = lyr(x)
        return x


XOR_INPUTS = [[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [1.0, 1.0]]
XOR_TARGETS = [-1.0, 1.0, 1.0, -1.0]


def train_xor(seed=0, steps=1000, lr=0.05):
    """Train MLP(2, [4, 1]) on XOR with plain gradient descent; return the loss before each step."""
    net: MLP = MLP(2, [4, 1], rng=random.Random(seed))
    hist = History()
    for _ in range(steps):
        err: Value = sum(((net(x) - target) ** 2 for x, target in zip(XOR_INPUTS, XOR_TARGETS)), Value(0.0))
        hist.record(err.data)
        net.zero_grad()
        err.backward()
        for prm in net.parameters():
            prm.data = prm.data - lr * prm.grad
    return hist.values
