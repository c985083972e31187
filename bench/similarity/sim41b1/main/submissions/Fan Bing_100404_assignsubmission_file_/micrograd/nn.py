"""神经网络：神经元（Neuron）、层（Layer）与多层感知机（MLP），全部由 Value 搭成。"""

import random

from .engine import Value


class Module:
    """所有网络部件的基类。"""

    def zero_grad(self):
        """每一步训练之前把所有参数的梯度清零（梯度会累加）。"""
        for p in self.parameters():
            p.grad = 0.0

    def parameters(self):
        return []


class Neuron(Module):
    """一个神经元：tanh(w·x + b)；nonlin=False 时不经过激活函数（输出层）。"""

    def __init__(self, nin, nonlin=True):
        self.w = [Value(random.uniform(-1, 1)) for _ in range(nin)]
        self.b = Value(0.0)
        self.nonlin = nonlin

    def __call__(self, x):
        zonghe = self.b
        for w, xi in zip(self.w, x):
            zonghe = zonghe + w * xi
        return zonghe.tanh() if self.nonlin else zonghe

    def parameters(self):
        return self.w + [self.b]


class Layer(Module):
    """一层：nout 个神经元，每个都接收同样的输入。"""

    def __init__(self, nin, nout, **kwargs):
        self.neurons = [Neuron(nin, **kwargs) for _ in range(nout)]

    def __call__(self, x):
        shuchu = [nrn(x) for nrn in self.neurons]
        return shuchu[0] if len(shuchu) == 1 else shuchu

    def parameters(self):
        return [p for nrn in self.neurons for p in nrn.parameters()]


class MLP(Module):
    """多层感知机：nouts 给出每一层的大小，最后一层是线性的。"""

    def __init__(self, nin, nouts):
        sizes = [nin] + list(nouts)
        self.layers = [Layer(sizes[i], sizes[i + 1], nonlin=i != len(nouts) - 1) for i in range(len(nouts))]

    def __call__(self, x):
        for layer in self.layers:
            x = layer(x)
        return x

    def parameters(self):
        return [p for layer in self.layers for p in layer.parameters()]
