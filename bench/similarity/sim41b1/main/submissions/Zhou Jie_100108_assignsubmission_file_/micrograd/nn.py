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
        # TODO(9): 计算 w·x + b（x 是数字或 Value 的列表），nonlin 为真时再经过 tanh
        jieguo = self.b
        for quanzhong, shuru in zip(self.w, x):
            jieguo = jieguo + quanzhong * shuru
        if self.nonlin:
            jieguo = jieguo.tanh()
        return jieguo

    def parameters(self):
        # TODO(10): 返回这个神经元的全部参数（权重和偏置）
        return self.w + [self.b]


class Layer(Module):
    """一层：nout 个神经元，每个都接收同样的输入。"""

    def __init__(self, nin, nout, **kwargs):
        self.neurons = [Neuron(nin, **kwargs) for _ in range(nout)]

    def __call__(self, x):
        # TODO(11): 每个神经元的输出组成列表；只有一个神经元时直接返回那个 Value
        shuchu = [shenjingyuan(x) for shenjingyuan in self.neurons]
        return shuchu[0] if len(shuchu) == 1 else shuchu

    def parameters(self):
        # TODO(12): 返回这一层所有神经元的参数
        return [canshu for shenjingyuan in self.neurons for canshu in shenjingyuan.parameters()]


class MLP(Module):
    """多层感知机：nouts 给出每一层的大小，最后一层是线性的。"""

    def __init__(self, nin, nouts):
        sizes = [nin] + list(nouts)
        self.layers = [Layer(sizes[i], sizes[i + 1], nonlin=i != len(nouts) - 1) for i in range(len(nouts))]

    def __call__(self, x):
        # TODO(13): 依次经过每一层
        for ceng in self.layers:
            x = ceng(x)
        return x

    def parameters(self):
        # TODO(14): 返回所有层的参数
        return [canshu for ceng in self.layers for canshu in ceng.parameters()]
