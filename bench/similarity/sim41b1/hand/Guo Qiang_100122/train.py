"""XOR with a cosine learning-rate schedule (Guo Qiang)."""

import math
import random

from micrograd import MLP

random.seed(2026)
X = [[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [1.0, 1.0]]
Y = [-1.0, 1.0, 1.0, -1.0]
net = MLP(2, [4, 1])
STEPS = 250
for step in range(STEPS):
    lr = 0.01 + 0.09 * 0.5 * (1 + math.cos(math.pi * step / STEPS))
    loss = sum((net(x) - y) ** 2 for x, y in zip(X, Y)) * 0.25
    net.zero_grad()
    loss.backward()
    for p in net.parameters():
        p.data -= lr * p.grad
print("loss", loss.data)
print("out ", [f"{net(x).data:+.3f}" for x in X])
