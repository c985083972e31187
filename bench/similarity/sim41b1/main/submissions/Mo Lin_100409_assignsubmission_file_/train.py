"""用 micrograd 训练一个 MLP 学习异或（XOR）。运行：python train.py"""
import random
from micrograd import MLP
random.seed(0)
X = [[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [1.0, 1.0]]
Y = [-1.0, 1.0, 1.0, -1.0]
model = MLP(2, [4, 1])
for step in range(200):
    predictions = [model(x) for x in X]
    loss = sum(((o - y) ** 2 for o, y in zip(predictions, Y)))
    model.zero_grad()
    loss.backward()
    for p in model.parameters():
        p.data -= 0.05 * p.grad
    if step % 50 == 0:
        print(f'第 {step} 步，损失 {loss.data:.4f}')
print('预测：', [round(model(x).data, 3) for x in X])
