"""XOR; each step's graph is recorded on its own tape."""

import random

from autograd import MLP, Graph

random.seed(0)
X = [[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [1.0, 1.0]]
Y = [-1.0, 1.0, 1.0, -1.0]
model = MLP(2, [4, 1])
history = []
for step in range(200):
    with Graph():
        loss = sum([(model(x) - y) ** 2 for x, y in zip(X, Y)])
        model.zero_grad()
        loss.backward()
    for w in model.parameters():
        w.data -= 0.05 * w.grad
    history.append(loss.data)
print("final loss:", history[-1])
