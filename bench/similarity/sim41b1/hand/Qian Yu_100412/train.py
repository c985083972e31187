import random

from minigrad import MLP

random.seed(0)
samples = [([0.0, 0.0], -1.0), ([0.0, 1.0], 1.0), ([1.0, 0.0], 1.0), ([1.0, 1.0], -1.0)]
net = MLP(2, [4, 1])
for it in range(200):
    err = sum((net(x) - t) ** 2 for x, t in samples)
    net.zero_grad()
    err.backward()
    for p in net.parameters():
        p.data -= 0.05 * p.grad
print([round(net(x).data, 3) for x, _ in samples])
