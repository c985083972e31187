"""宋宇：训练 XOR，每 40 步打印一次。"""

import random

from micrograd import MLP

random.seed(11)
X = [[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [1.0, 1.0]]
Y = [-1.0, 1.0, 1.0, -1.0]
mlp = MLP(2, [5, 1])
for epoch in range(240):
    loss = 0.0
    for x, y in zip(X, Y):
        loss = loss + (mlp(x) - y) ** 2
    mlp.zero_grad()
    loss.backward()
    for p in mlp.parameters():
        p.data -= 0.04 * p.grad
    if epoch % 40 == 0:
        print("epoch", epoch, "loss", round(loss.data, 5))
