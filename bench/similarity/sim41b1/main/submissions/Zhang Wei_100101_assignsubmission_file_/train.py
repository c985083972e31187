"""用 micrograd 训练一个 MLP 学习异或（XOR）。运行：python train.py"""

import random

from micrograd import MLP

random.seed(0)

X = [[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [1.0, 1.0]]
Y = [-1.0, 1.0, 1.0, -1.0]  # 目标值用 -1 / +1

model = MLP(2, [4, 1])

for step in range(200):
    preds = [model(x) for x in X]
    loss = sum((p - y) ** 2 for p, y in zip(preds, Y))  # 平方误差之和
    model.zero_grad()
    loss.backward()
    for p in model.parameters():
        p.data -= 0.05 * p.grad
    if step % 20 == 0:
        print(step, loss.data)

print("预测：", [round(model(x).data, 3) for x in X])
