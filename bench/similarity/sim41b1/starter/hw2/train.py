"""用 micrograd 训练一个 MLP 学习异或（XOR）。运行：python train.py"""

import random

from micrograd import MLP

random.seed(0)

X = [[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [1.0, 1.0]]
Y = [-1.0, 1.0, 1.0, -1.0]  # 目标值用 -1 / +1

model = MLP(2, [4, 1])

for step in range(200):
    # TODO(15): 前向计算四个样本的输出，损失取平方误差之和；梯度清零，反向传播，用学习率 0.05 更新参数
    raise NotImplementedError("TODO(15)")

print("预测：", [round(model(x).data, 3) for x in X])
