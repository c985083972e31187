"""Companion code of a blog post, "Your first training loop: fitting a line with a tiny autograd engine" (a
stand-in written for this class, CC0: public/LICENSE). The engine is the post's part one."""

from engine import Value

XS = (0.0, 1.0, 2.0, 3.0)
YS = (1.0, 3.0, 5.0, 7.0)
W_START, B_START = -1.0, 0.0


def mse(w, b):
    # Sum the squared error of each point, then divide: the mean keeps the step size
    # independent of how many points there are.
    total = 0
    for x, y in zip(XS, YS):
        pred = w * x + b
        total = total + (pred - y) ** 2
    return total / len(XS)


def train_line_history(steps, learning_rate):
    w = Value(W_START)
    b = Value(B_START)
    losses = []
    for step in range(steps):
        loss = mse(w, b)
        losses.append(loss.data)
        # backward() adds into .grad, so wipe last step's gradients first
        w.grad = 0
        b.grad = 0
        loss.backward()
        w.data -= learning_rate * w.grad
        b.data -= learning_rate * b.grad
    losses.append(mse(w, b).data)
    return w.data, b.data, losses


def train_line(steps, learning_rate):
    w, b, losses = train_line_history(steps, learning_rate)
    return w, b, losses[-1]


if __name__ == "__main__":
    # Watch the line settle: print w, b and the loss every 200 steps (the post's table 1).
    for n in range(0, 1001, 200):
        w, b, loss = train_line(n, 0.05)
        print(f"{n:5d}  w={w:.6f}  b={b:.6f}  loss={loss:.3e}")
