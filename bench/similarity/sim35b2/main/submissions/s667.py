# 11-fit-line -- Sipho Ndlovu
from functools import reduce
from operator import add

from engine import Value

XS = (0.0, 1.0, 2.0, 3.0)
YS = (1.0, 3.0, 5.0, 7.0)  # y = 2x + 1
W_START, B_START = -1.0, 0.0


def _point_loss(w, b, x, y):
    # the square written out: w^2 x^2 + 2 x w (b - y) + (b - y)^2
    r = b - y
    return w * w * (x * x) + 2 * x * w * r + r * r


def mse(w, b):
    """Mean of the squared errors of w*x + b over the four points, as a Value."""
    return reduce(add, (_point_loss(w, b, x, y) for x, y in zip(XS, YS)), 0) / len(XS)


def _steps(learning_rate):
    """Yield (w, b, loss before the step) forever, stepping after each yield."""
    w, b = Value(W_START), Value(B_START)
    while True:
        loss = mse(w, b)
        yield w, b, loss.data
        w.grad = b.grad = 0
        loss.backward()
        w.data, b.data = w.data - learning_rate * w.grad, b.data - learning_rate * b.grad


def train_line_history(steps, learning_rate):
    """(w, b, losses): `steps` updates from w = -1, b = 0, and steps + 1 losses."""
    walk = _steps(learning_rate)
    losses = [next(walk)[2] for _ in range(steps)]
    w, b, last = next(walk)
    return w.data, b.data, losses + [last]


def train_line(steps, learning_rate):
    w, b, losses = train_line_history(steps, learning_rate)
    return w, b, losses[-1]


def expansion_ok(w0=0.3, b0=-0.7):
    """Does the expanded loss agree with the plain one?"""
    direct = sum((w0 * x + b0 - y) ** 2 for x, y in zip(XS, YS)) / len(XS)
    return abs(mse(Value(w0), Value(b0)).data - direct) < 1e-12
