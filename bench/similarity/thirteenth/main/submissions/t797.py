"""Exercise 11: a line through four points by gradient descent."""

from engine import Value

XS = (0.0, 1.0, 2.0, 3.0)
YS = (1.0, 3.0, 5.0, 7.0)  # y = 2x + 1
W_START, B_START = -1.0, 0.0
PAIRS = tuple(zip(XS, YS))


def step(values, rate):
    """Move every value against its gradient."""
    for v in values:
        v.data -= rate * v.grad


def mse(w, b):
    """Mean of the squared errors, as a Value."""
    acc = 0
    for x, y in PAIRS:
        acc = acc + (w * x + b - y) ** 2
    return acc / len(PAIRS)


def train_line_history(steps, learning_rate):
    """(w, b, losses) after `steps` steps; losses[0] is before the first step."""
    w, b = Value(W_START), Value(B_START)
    losses = []
    for _ in range(steps):
        loss = mse(w, b)
        losses.append(loss.data)
        w.grad = b.grad = 0
        loss.backward()
        step([w, b], learning_rate)
    losses.append(mse(w, b).data)
    return w.data, b.data, losses


def train_line(steps, learning_rate):
    """(w, b, final_loss) after `steps` steps at `learning_rate`; final_loss is the loss after the last update."""
    w, b, losses = train_line_history(steps, learning_rate)
    return w, b, losses[-1]
