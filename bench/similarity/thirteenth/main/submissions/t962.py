"""Line fitting with the course engine: gradient descent on four points.

Tomasz K., exercise 11. Helpers first, then the two functions the
exercise asks for, then a small demo.
"""

from engine import Value

XS = (0.0, 1.0, 2.0, 3.0)
YS = (1.0, 3.0, 5.0, 7.0)  # y = 2x + 1
W_START, B_START = -1.0, 0.0


def predict(w, b, x):
    """The line's value at x."""
    return w * x + b


def zero_grad(params):
    """backward() accumulates, so every parameter starts each step at 0."""
    for p in params:
        p.grad = 0


def sgd_step(params, learning_rate):
    """One plain gradient-descent step on every parameter."""
    for p in params:
        p.data -= learning_rate * p.grad


def mse(w, b):
    """Mean squared error of the line over the four points (a Value)."""
    errors = [predict(w, b, x) - y for x, y in zip(XS, YS)]
    return sum(e ** 2 for e in errors) / len(errors)


def train_line_history(steps, learning_rate):
    """(w, b, losses): losses[0] at the start, then one per update."""
    w, b = Value(W_START), Value(B_START)
    params = [w, b]
    losses = []
    for _ in range(steps):
        loss = mse(w, b)
        losses.append(loss.data)
        zero_grad(params)
        loss.backward()
        sgd_step(params, learning_rate)
    losses.append(mse(w, b).data)
    return w.data, b.data, losses


def train_line(steps, learning_rate):
    """(w, b, final_loss) after `steps` steps at `learning_rate`; final_loss is the loss after the last update."""
    w, b, losses = train_line_history(steps, learning_rate)
    return w, b, losses[-1]


if __name__ == "__main__":
    for lr in (0.05, 0.3):
        w, b, losses = train_line_history(30, lr)
        print(f"lr={lr}: w={w:.4f} b={b:.4f} first={losses[0]:.3f} last={losses[-1]:.3g}")
