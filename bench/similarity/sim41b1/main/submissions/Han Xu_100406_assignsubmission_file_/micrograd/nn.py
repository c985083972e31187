"""神经网络：神经元（Neuron）、层（Layer）与多层感知机（MLP），全部由 Value 搭成。"""
import random
from .core import Value

class Module:
    """所有网络部件的基类。"""

    def parameters(self):
        return []

    def zero_grad(self):
        """每一步训练之前把所有参数的梯度清零（梯度会累加）。"""
        for p in self.parameters():
            p.grad = 0.0

class Neuron(Module):
    """一个神经元：tanh(w·x + b)；nonlin=False 时不经过激活函数（输出层）。"""

    def parameters(self):
        return self.w + [self.b]

    def __call__(self, x):
        z = self.b
        for wi, xi in zip(self.w, x):
            z += wi * xi
        if not self.nonlin:
            return z
        return z.tanh()

    def __init__(self, nin, nonlin=True):
        self.w = [Value(random.uniform(-1, 1)) for _ in range(nin)]
        self.b = Value(0.0)
        self.nonlin = nonlin

class Layer(Module):
    """一层：nout 个神经元，每个都接收同样的输入。"""

    def parameters(self):
        params = []
        for neuron in self.neurons:
            params += neuron.parameters()
        return params

    def __call__(self, x):
        outs = [neuron(x) for neuron in self.neurons]
        if len(outs) == 1:
            return outs[0]
        return outs

    def __init__(self, nin, nout, **kwargs):
        self.neurons = [Neuron(nin, **kwargs) for _ in range(nout)]

class MLP(Module):
    """多层感知机：nouts 给出每一层的大小，最后一层是线性的。"""

    def parameters(self):
        params = []
        for layer in self.layers:
            params += layer.parameters()
        return params

    def __call__(self, x):
        out = x
        for layer in self.layers:
            out = layer(out)
        return out

    def __init__(self, nin, nouts):
        sizes = [nin] + list(nouts)
        self.layers = [Layer(sizes[i], sizes[i + 1], nonlin=i != len(nouts) - 1) for i in range(len(nouts))]
