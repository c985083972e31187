# 罗欣：hinge 损失训练 XOR
import random

from micrograd import MLP

random.seed(3)
xs = [[0, 0], [0, 1], [1, 0], [1, 1]]
ys = [-1, 1, 1, -1]
model = MLP(2, [6, 1])
for it in range(150):
    scores = [model(x) for x in xs]
    loss = sum(((1 + -y * s).relu() for y, s in zip(ys, scores)), 0) * (1 / len(xs))
    model.zero_grad()
    loss.backward()
    lr = 0.1 if it < 100 else 0.02
    for q in model.parameters():
        q.data -= lr * q.grad
print([s.data > 0 for s in (model(x) for x in xs)])
