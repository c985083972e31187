import random

from tinygrad_hw import MLP

random.seed(5)
X = [[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [1.0, 1.0]]
Y = [-1.0, 1.0, 1.0, -1.0]
model = MLP(2, [4, 4, 1])
for step in range(200):
    loss = sum((model(x) - y) ** 2 for x, y in zip(X, Y))
    model.zero_grad()
    loss.backward()
    for p in model.parameters():
        p.data -= 0.05 * p.grad
print("XOR:", [round(model(x).data, 2) for x in X])
