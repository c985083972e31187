"""用 micrograd 训练一个 MLP 学习异或（XOR）。运行：python train.py"""

import random

from micrograd import MLP

random.seed(0)

X = [[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [1.0, 1.0]]
Y = [-1.0, 1.0, 1.0, -1.0]  # 目标值用 -1 / +1


def mse(model, xs, ys):
    return sum((model(x) - y) ** 2 for x, y in zip(xs, ys))


def sgd(params, lr):
    for p in params:
        p.data -= lr * p.grad


model = MLP(2, [4, 1])

for step in range(200):
    loss = mse(model, X, Y)
    model.zero_grad()
    loss.backward()
    sgd(model.parameters(), 0.05)

print("预测：", [round(model(x).data, 3) for x in X])
