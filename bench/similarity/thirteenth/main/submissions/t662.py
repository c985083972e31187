"""A straight line as a tiny model, trained by gradient descent (exercise 11)."""

from engine import Value

XS = (0.0, 1.0, 2.0, 3.0)
YS = (1.0, 3.0, 5.0, 7.0)  # y = 2x + 1
W_START, B_START = -1.0, 0.0


class Line:
    """y = w*x + b with w and b as Values."""

    def __init__(self, w, b):
        self.w = w
        self.b = b

    def __call__(self, x):
        return self.w * x + self.b

    def parameters(self):
        return [self.w, self.b]


def mse(w, b):
    """Mean squared error of Line(w, b) on the data."""
    line = Line(w, b)
    return sum((line(x) - y) ** 2 for x, y in zip(XS, YS)) / len(XS)


def train_line_history(steps, learning_rate):
    """Train from W_START, B_START; returns (w, b, losses) with steps + 1 losses."""
    model = Line(Value(W_START), Value(B_START))
    losses = []
    for _ in range(steps + 1):
        loss = mse(model.w, model.b)
        losses.append(loss.data)
        if len(losses) > steps:
            break  # the loss after the last update is noted, no more steps
        for p in model.parameters():
            p.grad = 0
        loss.backward()
        for p in model.parameters():
            p.data -= learning_rate * p.grad
    return model.w.data, model.b.data, losses


def train_line(steps, learning_rate):
    """(w, b, final_loss) after `steps` steps at `learning_rate`; final_loss is the loss after the last update."""
    w, b, losses = train_line_history(steps, learning_rate)
    return w, b, losses[-1]
