"""用 micrograd 训练一个 MLP 学习异或（XOR）。运行：python train.py"""

import random

from micrograd import MLP

random.seed(0)

X = [[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [1.0, 1.0]]
Y = [-1.0, 1.0, 1.0, -1.0]  # 目标值用 -1 / +1

model = MLP(2, [4, 1])

for step in range(200):
    loss = sum((model(x) - y) ** 2 for x, y in zip(X, Y)) / len(X)  # mean squared error
    model.zero_grad()
    loss.backward()
    for p in model.parameters():
        p.data -= 0.2 * p.grad  # the mean makes gradients 4x smaller
    if step % 25 == 0:
        print(f"step {step:3d}  mse {loss.data:.5f}")

print("预测：", [round(model(x).data, 3) for x in X])
