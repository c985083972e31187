"""Lab 7: MLP on XOR.  (Yara Mansour)

Typed, and the MLP takes either form the course uses:
MLP(2, [4, 1], rng=random.Random(42))  or  MLP([2, 4, 1], seed=42).
"""
from __future__ import annotations

import random
from typing import List, Optional, Sequence, Union

from engine import Value

Inputs = Sequence[Union[float, Value]]


class Module:
    def parameters(self) -> List[Value]:
        return []

    def zero_grad(self) -> None:
        for param in self.parameters():
            param.grad = 0


class Neuron(Module):
    def __init__(self, nin: int, nonlin: bool = True, rng: Optional[random.Random] = None) -> None:
        source = rng if rng is not None else random.Random()
        self.w: List[Value] = [Value(source.uniform(-1, 1)) for _ in range(nin)]
        self.b: Value = Value(0)
        self.nonlin = nonlin

    def __call__(self, x: Inputs) -> Value:
        pre: Value = sum((w * xi for w, xi in zip(self.w, x)), self.b)
        return pre.tanh() if self.nonlin else pre

    def parameters(self) -> List[Value]:
        return [*self.w, self.b]


class Layer(Module):
    def __init__(self, nin: int, nout: int, *, nonlin: bool = True,
                 rng: Optional[random.Random] = None) -> None:
        shared = rng if rng is not None else random.Random()
        self.neurons: List[Neuron] = [Neuron(nin, nonlin, shared) for _ in range(nout)]

    def __call__(self, x: Inputs) -> Union[Value, List[Value]]:
        outputs = [neuron(x) for neuron in self.neurons]
        return outputs[0] if len(outputs) == 1 else outputs

    def parameters(self) -> List[Value]:
        return [param for neuron in self.neurons for param in neuron.parameters()]


class MLP(Module):
    def __init__(self, nin: Union[int, Sequence[int]], nouts: Optional[Sequence[int]] = None,
                 rng: Optional[random.Random] = None, seed: Optional[int] = None) -> None:
        if nouts is None:  # the MLP([2, 4, 1], seed=42) form
            nin, nouts = nin[0], list(nin[1:])
        if rng is None:
            rng = random.Random(seed)
        sizes = [nin, *nouts]
        depth = len(nouts)
        self.layers: List[Layer] = [
            Layer(sizes[i], sizes[i + 1], nonlin=i < depth - 1, rng=rng) for i in range(depth)
        ]

    def __call__(self, x: Inputs):
        out = x
        for layer in self.layers:
            out = layer(out)
        return out

    def parameters(self) -> List[Value]:
        return [param for layer in self.layers for param in layer.parameters()]


XOR_INPUTS: List[List[float]] = [[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [1.0, 1.0]]
XOR_TARGETS: List[float] = [-1.0, 1.0, 1.0, -1.0]


def train_xor(seed: int = 0, steps: int = 1000, lr: float = 0.05) -> List[float]:
    model = MLP(2, [4, 1], rng=random.Random(seed))
    losses: List[float] = []
    for _ in range(steps):
        loss = sum((model(x) - y) ** 2 for x, y in zip(XOR_INPUTS, XOR_TARGETS))
        losses.append(loss.data)
        model.zero_grad()
        loss.backward()
        for param in model.parameters():
            param.data -= lr * param.grad
    return losses
