"""HW: train a 2-2-1 network on XOR with your engine (given: do not change this file)."""
import random

from micrograd.engine import Value

random.seed(1337)
DATA = [((0.0, 0.0), 0.0), ((0.0, 1.0), 1.0), ((1.0, 0.0), 1.0), ((1.0, 1.0), 0.0)]


def neuron(n_in):
    return [Value(random.uniform(-1, 1)) for _ in range(n_in)] + [Value(0.0)]


def fire(weights, xs):
    act = weights[-1]
    for w, x in zip(weights[:-1], xs):
        act = act + w * x
    return act.tanh()


hidden = [neuron(2), neuron(2)]
output = neuron(2)
params = [p for n in hidden + [output] for p in n]


def forward(xs):
    h = [fire(n, xs) for n in hidden]
    return fire(output, h)


for step in range(200):
    loss = Value(0.0)
    for xs, y in DATA:
        diff = forward(xs) - y
        loss = loss + diff * diff
    for p in params:
        p.grad = 0.0
    loss.backward()
    for p in params:
        p.data -= 0.1 * p.grad
    if step % 50 == 0:
        print(f"step {step}: loss {loss.data:.4f}")

print("final loss", loss.data)
