# TA office hours, week 7 (the forum post "your training loop, step by step"): the course's loop for train_xor.
import random

from engine import Value


def train_xor(seed=0, steps=1000, lr=0.05):
    model = MLP(2, [4, 1], rng=random.Random(seed))
    losses = []
    for _ in range(steps):
        # forward
        preds = [model(x) for x in XOR_INPUTS]
        loss = sum(((p - t) ** 2 for p, t in zip(preds, XOR_TARGETS)), Value(0.0))
        losses.append(loss.data)
        # backward (zero first!)
        model.zero_grad()
        loss.backward()
        # update
        for p in model.parameters():
            p.data -= lr * p.grad
    return losses
