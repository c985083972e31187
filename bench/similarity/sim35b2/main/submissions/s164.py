# Lina Haddad
"""Fitting a line by gradient descent, the course's first training loop.

Four points lie on the line y = 2x + 1. Start from w = -1, b = 0 and walk
downhill on the loss, the mean of the squared errors of w*x + b. Each step is
the loop every later network is trained with: forward pass, loss, clear the
gradients, backward(), then move each parameter a small step against its
gradient. Both gradients come from the same forward pass, and no parameter
moves before both are known.

With a learning rate of 0.05, 1,000 steps bring w and b to 2 and 1 within
1e-12. With 0.3 the loss grows at every step although every gradient is
right (the exercise's README asks why).
"""

from engine import Value

XS = (0.0, 1.0, 2.0, 3.0)
YS = (1.0, 3.0, 5.0, 7.0)  # y = 2x + 1
W_START, B_START = -1.0, 0.0


def mse(w, b):
    """The loss as a Value: the mean, over the four points, of (w*x + b - y) ** 2."""
    # TODO(11-fit-line): your code here
    return loss_fn(w, b, data)


def train_line_history(steps, learning_rate):
    """Gradient descent from w = -1, b = 0: (w, b, losses) after `steps` steps.

    w and b are floats. losses[i] is the loss after i updates: losses[0] is
    the loss at the start, losses[steps] the loss after the last update, so
    the list has steps + 1 entries and shows at a glance whether training
    goes downhill.
    """
    # TODO(11-fit-line): your code here
    w, b, history = fit(W_START, B_START, learning_rate, steps)
    return w, b, history


# ---- from "Backprop by hand, then by machine", part 2 ----
data = [(0.0, 1.0), (1.0, 3.0), (2.0, 5.0), (3.0, 7.0)]


def loss_fn(w, b, data):
    """Mean squared error of the line w*x + b on the data."""
    residuals = [(w * x + b) - y for x, y in data]
    return sum(r * r for r in residuals) * (1.0 / len(residuals))


def fit(w0=-1.0, b0=0.0, lr=0.05, epochs=1000, verbose=False):
    """Plain gradient descent; returns the final w, b and the loss history."""
    w, b = Value(w0), Value(b0)
    history = []
    for epoch in range(epochs):
        loss = loss_fn(w, b, data)
        history.append(loss.data)
        # gradients accumulate in the engine: reset them before every backward pass
        w.grad, b.grad = 0.0, 0.0
        loss.backward()
        # SGD step
        w.data += -lr * w.grad
        b.data += -lr * b.grad
        if verbose and epoch % 100 == 0:
            print(f"epoch {epoch:4d}  loss {loss.data:.6f}  w {w.data:.4f}  b {b.data:.4f}")
    history.append(loss_fn(w, b, data).data)  # the loss after the last step
    return w.data, b.data, history


def train_line(steps, learning_rate):
    """(w, b, final_loss) after `steps` steps at `learning_rate`; final_loss is the loss after the last update."""
    w, b, losses = train_line_history(steps, learning_rate)
    return w, b, losses[-1]
