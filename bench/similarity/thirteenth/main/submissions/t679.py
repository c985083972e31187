"""Fit a line with gradient descent -- exercise 11 (Kwame A.)."""

from engine import Value

XS = (0.0, 1.0, 2.0, 3.0)
YS = (1.0, 3.0, 5.0, 7.0)  # y = 2x + 1
W_START, B_START = -1.0, 0.0


def mse(w, b):
    """The mean squared error of w*x + b over the data, a Value."""
    running = 0
    for x, y in zip(XS, YS):
        gap = w * x + b - y
        running = running + gap ** 2
    return running / len(XS)


def train_line_history(steps, learning_rate):
    """Gradient descent; returns (w, b, losses), losses[i] after i updates."""
    params = {"w": Value(W_START), "b": Value(B_START)}
    losses = []
    for step in range(steps):
        loss = mse(params["w"], params["b"])
        losses.append(loss.data)
        for p in params.values():
            p.grad = 0
        loss.backward()
        for name, p in params.items():
            p.data -= learning_rate * p.grad
    losses.append(mse(params["w"], params["b"]).data)
    return params["w"].data, params["b"].data, losses


def train_line(steps, learning_rate):
    """(w, b, final_loss) after `steps` steps at `learning_rate`; final_loss is the loss after the last update."""
    w, b, losses = train_line_history(steps, learning_rate)
    return w, b, losses[-1]


def report(steps, learning_rate):
    w, b, losses = train_line_history(steps, learning_rate)
    print(f"{steps} steps at {learning_rate}: w = {w:.6f}, b = {b:.6f}")
    print(f"loss {losses[0]:.4f} -> {losses[-1]:.3e}")
    return losses


if __name__ == "__main__":
    report(1000, 0.05)
    report(30, 0.3)
