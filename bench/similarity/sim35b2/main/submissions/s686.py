"""Line fit by gradient descent (11-fit-line) -- Rafael Souza."""

import math
from dataclasses import dataclass, field

from engine import Value

XS = (0.0, 1.0, 2.0, 3.0)
YS = (1.0, 3.0, 5.0, 7.0)  # y = 2x + 1
W_START, B_START = -1.0, 0.0


def mse(w, b):
    """The loss as a Value: the mean, over the four points, of (w*x + b - y) ** 2."""
    terms = ((w * x + b - y) ** 2 for x, y in zip(XS, YS))
    total = next(terms)
    for t in terms:
        total = total + t
    return total / len(XS)


@dataclass
class Descent:
    """Gradient descent on (w, b), one step per next()."""

    rate: float
    w: Value = field(default_factory=lambda: Value(W_START))
    b: Value = field(default_factory=lambda: Value(B_START))

    def __iter__(self):
        while True:
            current = mse(self.w, self.b)
            yield current.data
            for p in (self.w, self.b):
                p.grad = 0
            current.backward()
            for p in (self.w, self.b):
                p.data -= self.rate * p.grad


def train_line_history(steps, learning_rate):
    """Gradient descent from w = -1, b = 0: (w, b, losses) after `steps` steps.

    w and b are floats. losses[i] is the loss after i updates: losses[0] is
    the loss at the start, losses[steps] the loss after the last update.
    """
    run = Descent(learning_rate)
    losses = []
    for value in run:
        losses.append(value)
        if len(losses) == steps + 1 or math.isinf(value):
            break
    losses.extend([math.inf] * (steps + 1 - len(losses)))  # stopped early: diverged
    return run.w.data, run.b.data, losses


def train_line(steps, learning_rate):
    """(w, b, final_loss) after `steps` steps at `learning_rate`; final_loss is the loss after the last update."""
    w, b, losses = train_line_history(steps, learning_rate)
    return w, b, losses[-1]


RATES = (0.05, 0.1, 0.2, 0.24, 0.25, 0.3)

if __name__ == "__main__":
    for lr in RATES:
        print(f"{lr:5.2f}  {train_line(50, lr)[2]:.3e}")
