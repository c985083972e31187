"""训练脚本（陈静）：用动量法训练 XOR，每 25 步打印一次，最后画出损失曲线（如果装了 matplotlib）。"""
import random

from micrograd.engine import Value

random.seed(7)
XS = [(0.0, 0.0), (0.0, 1.0), (1.0, 0.0), (1.0, 1.0)]
YS = [0.0, 1.0, 1.0, 0.0]


class Net:
    def __init__(self, sizes):
        self.layers = []
        for fan_in, fan_out in zip(sizes[:-1], sizes[1:]):
            self.layers.append([[Value(random.uniform(-0.8, 0.8)) for _ in range(fan_in)] + [Value(0.1)]
                                for _ in range(fan_out)])
        self.velocity = {id(p): 0.0 for p in self.parameters()}

    def parameters(self):
        return [p for layer in self.layers for unit in layer for p in unit]

    def __call__(self, x):
        for depth, layer in enumerate(self.layers):
            last = depth == len(self.layers) - 1
            x = [self._unit(unit, x, last) for unit in layer]
        return x[0]

    @staticmethod
    def _unit(unit, x, last):
        s = sum((w * xi for w, xi in zip(unit[:-1], x)), unit[-1])
        return s.exp() / (s.exp() + 1) if last else s.relu()

    def step(self, lr, momentum=0.9):
        for p in self.parameters():
            v = momentum * self.velocity[id(p)] - lr * p.grad
            self.velocity[id(p)] = v
            p.data += v
            p.grad = 0.0


net = Net([2, 3, 1])
curve = []
for it in range(300):
    preds = [net(x) for x in XS]
    loss = sum(((p - y) * (p - y) for p, y in zip(preds, YS)), Value(0.0)) * (1 / len(XS))
    loss.backward()
    net.step(0.05)
    curve.append(loss.data)
    if it % 25 == 0:
        print("it", it, "loss", round(loss.data, 5))

try:
    import matplotlib.pyplot as plt
except ImportError:
    plt = None
if plt is not None:
    plt.plot(curve)
    plt.xlabel("iteration")
    plt.ylabel("loss")
    plt.savefig("loss.png")
