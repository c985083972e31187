import random

from micrograd import MLP

random.seed(7)
data = [([0.0, 0.0], -1.0), ([0.0, 1.0], 1.0), ([1.0, 0.0], 1.0), ([1.0, 1.0], -1.0)]
net = MLP(2, [8, 1])
for epoch in range(300):
    loss = sum((net(x) - y) ** 2 for x, y in data)
    net.zero_grad()
    loss.backward()
    for p in net.parameters():
        p.data -= 0.03 * p.grad
    if epoch % 100 == 0:
        print(epoch, round(loss.data, 4))
print([round(net(x).data, 2) for x, _ in data])
