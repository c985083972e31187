"""My training script: I fit the XOR data with a wider hidden layer and a learning rate that decays.
(Roman Kessler, HW 2.)"""
import random

from micrograd.engine import Value

random.seed(2024)
SAMPLES = [([0.0, 0.0], -1.0), ([0.0, 1.0], 1.0), ([1.0, 0.0], 1.0), ([1.0, 1.0], -1.0)]  # targets in tanh's range
WIDTH = 4


def layer(n_in, n_out):
    scale = (1.0 / n_in) ** 0.5
    return [[Value(random.gauss(0.0, scale)) for _ in range(n_in + 1)] for _ in range(n_out)]


def apply(rows, inputs):
    outs = []
    for row in rows:
        total = row[0]
        for weight, inp in zip(row[1:], inputs):
            total = total + weight * inp
        outs.append(total.tanh())
    return outs


net = [layer(2, WIDTH), layer(WIDTH, 1)]
weights = [w for rows in net for row in rows for w in row]


def predict(inputs):
    for rows in net:
        inputs = apply(rows, inputs)
    return inputs[0]


def rate(epoch, start=0.3, half_life=60):
    return start * 0.5 ** (epoch / half_life)


history = []
for epoch in range(240):
    err = sum(((predict(x) - t) ** 2 for x, t in SAMPLES), Value(0.0))
    for w in weights:
        w.grad = 0.0
    err.backward()
    lr = rate(epoch)
    for w in weights:
        w.data += -lr * w.grad
    history.append(err.data)
    if epoch % 40 == 39:
        print(f"[{epoch + 1:3d}] err={err.data:.5f} lr={lr:.4f}")

best = min(range(len(history)), key=history.__getitem__)
print(f"lowest error {history[best]:.5f} at epoch {best + 1}")
print("predictions:", [round(predict(x).data, 3) for x, _ in SAMPLES])
