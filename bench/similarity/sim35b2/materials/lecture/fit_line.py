# Lecture 5: the first training loop, as typed on the board (posted after class).
# Four points on y = 2x + 1; start at w = -1, b = 0.
from engine import Value

xs = [0.0, 1.0, 2.0, 3.0]
ys = [1.0, 3.0, 5.0, 7.0]

w = Value(-1.0)
b = Value(0.0)

for step in range(20):
    # forward: the mean of the squared errors
    loss = sum((w * x + b - y) ** 2 for x, y in zip(xs, ys)) / len(xs)
    # clear the gradients, then backward
    w.grad = 0
    b.grad = 0
    loss.backward()
    # update: a small step against the gradient
    w.data -= 0.05 * w.grad
    b.data -= 0.05 * b.grad
    print(step, loss.data, w.data, b.data)
