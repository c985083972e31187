from engine import Value

XS = (0.0, 1.0, 2.0, 3.0)
YS = (1.0, 3.0, 5.0, 7.0)  # y = 2x + 1
W_START, B_START = -1.0, 0.0


def show(steps, learning_rate):
    w, b, history = train_line_history(steps, learning_rate)
    print("{} steps at {}: w = {:.6f}, b = {:.6f}".format(steps, learning_rate, w, b))
    print("cost {:.4f} -> {:.3e}".format(history[0], history[-1]))
    return history


def mse(w, b):
    """The mean squared error of w*x + b over the data, a Value."""
    acc = 0
    for _i in range(len(XS)):
        x, y = XS[_i], YS[_i]
        err = w * x + b - y
        acc += err ** 2
    return acc / len(XS)


def train_line_history(steps, learning_rate):
    """Gradient descent; returns (w, b, history), history[i] after i updates."""
    model = {"w": Value(W_START), "b": Value(B_START)}
    history = []
    for step in range(steps):
        cost = mse(model["w"], model["b"])
        history.append(cost.data)
        for p in model.values():
            p.grad = 0
        cost.backward()
        for p in model.values():
            p.data -= learning_rate * p.grad
    history.append(mse(model["w"], model["b"]).data)
    return model["w"].data, model["b"].data, history


def train_line(steps, learning_rate):
    """(w, b, final_loss) after `steps` steps at `learning_rate`; final_loss is the loss after the last update."""
    w, b, losses = train_line_history(steps, learning_rate)
    return w, b, losses[-1]


if __name__ == "__main__":
    show(1000, 0.05)
    show(30, 0.3)
