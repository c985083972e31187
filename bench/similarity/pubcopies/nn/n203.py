"""Homework 7: a tiny multilayer perceptron on top of my Value class."""
import random
from typing import List, Optional

from engine import Value


class Module:

    def zero_grad(self) -> None:
        for param in self.parameters():
            param.grad = 0

    def parameters(self) -> List[Value]:
        return []


class Neuron(Module):
    """tanh unit (or linear for the output layer)"""

    def __init__(self, fan_in: int, nonlin: bool = True, rng: Optional[random.Random] = None):
        gen = rng if rng is not None else random.Random(0)
        self.w = [Value(gen.uniform(-1,1)) for _ in range(fan_in)]
        self.b = Value(0)
        self.nonlin = nonlin

    def __call__(self, inputs):
        z = sum((weight*inp for weight,inp in zip(self.w, inputs)), self.b)
        return z.tanh() if self.nonlin else z

    def parameters(self) -> List[Value]:
        return self.w + [self.b]

    def __repr__(self) -> str:
        return f"{'Tanh' if self.nonlin else 'Linear'}Neuron({len(self.w)})"


class Layer(Module):
    """a row of neurons sharing one generator"""

    def __init__(self, fan_in: int, fan_out: int, **opts):
        if opts.get('rng') is None:
            opts['rng'] = random.Random(0)
        self.neurons = [Neuron(fan_in, **opts) for _ in range(fan_out)]

    def __call__(self, inputs):
        outputs = [unit(inputs) for unit in self.neurons]
        return outputs[0] if len(outputs) == 1 else outputs

    def parameters(self) -> List[Value]:
        return [param for unit in self.neurons for param in unit.parameters()]

    def __repr__(self) -> str:
        return f"Layer of [{', '.join(str(unit) for unit in self.neurons)}]"


class MLP(Module):
    """stack of layers, the last one linear"""

    def __init__(self, fan_in: int, widths: List[int], rng: Optional[random.Random] = None):
        gen = rng if rng is not None else random.Random(0)
        dims = [fan_in] + list(widths)
        self.layers = [Layer(dims[idx], dims[idx+1], nonlin=idx!=len(widths)-1, rng=gen) for idx in range(len(widths))]

    def __call__(self, inputs):
        for layer in self.layers:
            inputs = layer(inputs)
        return inputs

    def parameters(self) -> List[Value]:
        return [param for layer in self.layers for param in layer.parameters()]

    def __repr__(self) -> str:
        return f"MLP of [{', '.join(str(layer) for layer in self.layers)}]"


XOR_INPUTS = [[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [1.0, 1.0]]
XOR_TARGETS = [-1.0, 1.0, 1.0, -1.0]


def train_xor(seed: int = 0, steps: int = 1000, lr: float = 0.05) -> List[float]:
    model = MLP(2, [4, 1], rng=random.Random(seed))
    losses: List[float] = []
    for _ in range(steps):
        loss = sum((model(inputs) - target)**2 for inputs, target in zip(XOR_INPUTS, XOR_TARGETS))
        losses.append(loss.data)
        model.zero_grad()
        loss.backward()
        for param in model.parameters():
            param.data -= lr * param.grad
    return losses
