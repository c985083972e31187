"""Exercise 11 -- fitting a line by gradient descent (Nkechi O.).

mse is the mean of the squared residuals; train_line_history is the loop
from the lecture: forward, zero, backward, step.
"""

from engine import Value

XS = (0.0, 1.0, 2.0, 3.0)
YS = (1.0, 3.0, 5.0, 7.0)  # y = 2x + 1
W_START, B_START = -1.0, 0.0
DATA = list(zip(XS, YS))


def _residual(w, b, point):
    x, y = point
    return w * x + b - y


def mse(w, b):
    """Mean of the squared residuals over DATA, as a Value."""
    total = sum(_residual(w, b, p) ** 2 for p in DATA)
    return total / len(DATA)


def _zero(*values):
    for v in values:
        v.grad = 0


def _descend(values, rate):
    for v in values:
        v.data = v.data - rate * v.grad


def train_line_history(steps, learning_rate):
    """(w, b, history): history[0] before any step, history[-1] after the last."""
    w = Value(W_START)
    b = Value(B_START)
    history = []
    for _ in range(steps):
        loss = mse(w, b)
        history.append(loss.data)
        _zero(w, b)
        loss.backward()
        _descend((w, b), learning_rate)
    history.append(mse(w, b).data)
    return w.data, b.data, history


def train_line(steps, learning_rate):
    """(w, b, final_loss) after `steps` steps at `learning_rate`; final_loss is the loss after the last update."""
    w, b, losses = train_line_history(steps, learning_rate)
    return w, b, losses[-1]


def _show(steps=50, learning_rate=0.05):
    w, b, history = train_line_history(steps, learning_rate)
    print("w = %.5f, b = %.5f" % (w, b))
    for i in range(0, len(history), 10):
        print("step %3d  loss %.6f" % (i, history[i]))


if __name__ == "__main__":
    _show()
