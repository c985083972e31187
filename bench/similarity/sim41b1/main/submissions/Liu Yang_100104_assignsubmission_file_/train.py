"""用 micrograd 训练一个 MLP 学习异或（XOR）。运行：python train.py"""

import logging
import random

from micrograd import MLP

random.seed(0)
logging.basicConfig(level=logging.INFO)
logger = logging.getLogger("train")

X = [[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [1.0, 1.0]]
Y = [-1.0, 1.0, 1.0, -1.0]  # 目标值用 -1 / +1

model = MLP(2, [4, 1])

for step in range(200):
    loss = sum(((model(x) - y) ** 2 for x, y in zip(X, Y)), 0.0)
    model.zero_grad()
    loss.backward()
    for p in model.parameters():
        p.data -= 0.05 * p.grad
    logger.info("step %d loss %.4f", step, loss.data)

print("预测：", [round(model(x).data, 3) for x in X])
