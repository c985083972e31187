"""Exercise 11: fit y = w*x + b to four points by gradient descent (typed)."""

from typing import List, Tuple

from engine import Value

XS: Tuple[float, ...] = (0.0, 1.0, 2.0, 3.0)
YS: Tuple[float, ...] = (1.0, 3.0, 5.0, 7.0)  # y = 2x + 1
W_START, B_START = -1.0, 0.0


def mse(w: Value, b: Value) -> Value:
    """The mean over the points of (w*x + b - y) ** 2, as a Value."""
    n: int = len(XS)
    acc: Value = Value(0.0)
    for x, y in zip(XS, YS):
        residual: Value = w * x + b - y
        acc = acc + residual * residual
    return acc / n


def train_line_history(steps: int, learning_rate: float) -> Tuple[float, float, List[float]]:
    """Gradient descent from (W_START, B_START); losses has steps + 1 entries."""
    w: Value = Value(W_START)
    b: Value = Value(B_START)
    losses: List[float] = []
    for _ in range(steps):
        loss: Value = mse(w, b)
        losses.append(loss.data)
        w.grad = 0.0
        b.grad = 0.0
        loss.backward()
        step_w: float = learning_rate * w.grad
        step_b: float = learning_rate * b.grad
        w.data -= step_w
        b.data -= step_b
    losses.append(mse(w, b).data)
    return w.data, b.data, losses


def train_line(steps: int, learning_rate: float) -> Tuple[float, float, float]:
    """(w, b, final_loss) after `steps` steps at `learning_rate`."""
    w, b, losses = train_line_history(steps, learning_rate)
    return w, b, losses[-1]
