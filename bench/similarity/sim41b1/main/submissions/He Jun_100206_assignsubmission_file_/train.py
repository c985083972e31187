"""用 micrograd 训练一个 MLP 学习异或（XOR）。运行：python train.py"""

import random

from micrograd import MLP

random.seed(0)

X = [[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [1.0, 1.0]]
Y = [-1.0, 1.0, 1.0, -1.0]  # 目标值用 -1 / +1

model = MLP(2, [4, 1])
history = []

for step in range(200):
    loss = sum([(model(x) - y) ** 2 for x, y in zip(X, Y)])
    model.zero_grad()
    loss.backward()
    for w in model.parameters():
        w.data -= 0.05 * w.grad
    history.append(loss.data)

print("预测：", [round(model(x).data, 3) for x in X])
print("最后的损失：", history[-1])
