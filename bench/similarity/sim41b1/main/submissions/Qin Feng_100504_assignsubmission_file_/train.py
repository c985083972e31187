import random

from micrograd.nn import MLP

random.seed(3)
xs = [[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [1.0, 1.0]]
ys = [-1.0, 1.0, 1.0, -1.0]
model = MLP(2, [5, 1])
for k in range(200):
    loss = sum((model(x) - y) ** 2 for x, y in zip(xs, ys))
    model.zero_grad()
    loss.backward()
    for p in model.parameters():
        p.data -= 0.05 * p.grad
print('out', [round(model(x).data, 2) for x in xs])
