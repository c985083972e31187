"""用 micrograd 训练一个 MLP 学习异或（XOR）。运行：python train.py"""

import random

from micrograd import MLP

random.seed(0)

X = [[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [1.0, 1.0]]
Y = [-1.0, 1.0, 1.0, -1.0]  # 目标值用 -1 / +1

model = MLP(2, [4, 1])

for step in range(200):
    loss = sum((model(shang) - y) ** 2 for shang, y in zip(X, Y))
    model.zero_grad()
    loss.backward()
    for p in model.parameters():
        p.data -= 0.05 * p.grad

print("预测：", [round(model(x).data, 3) for x in X])
