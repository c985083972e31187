# Fitting a line with a tiny autograd engine
# (companion code of the blog post "Backprop by hand, then by machine", part 2)
# License: CC0 1.0 -- copy, adapt, no attribution needed.
from engine import Value

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


if __name__ == "__main__":
    w, b, history = fit(verbose=True)
    print("fitted:", w, b)
