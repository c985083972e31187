# Виктор Лебедев
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
    # среднее квадратов ошибок по четырём точкам
    acc = Value(0.0)
    for x, y in zip(XS, YS):
        d = w * x + b - y
        acc = acc + d * d
    return acc * (1.0 / len(XS))


def train_line_history(steps, learning_rate):
    """Gradient descent from w = -1, b = 0: (w, b, losses) after `steps` steps.

    w and b are floats. losses[i] is the loss after i updates: losses[0] is
    the loss at the start, losses[steps] the loss after the last update, so
    the list has steps + 1 entries and shows at a glance whether training
    goes downhill.
    """
    # TODO(11-fit-line): your code here
    # параметры -- листья графа; каждый шаг строим граф заново
    w = Value(W_START)
    b = Value(B_START)
    istoriya = []
    for shag in range(steps):
        L = mse(w, b)
        istoriya.append(L.data)
        # backward() складывает в .grad, поэтому сначала обнуляем
        w.grad = 0.0
        b.grad = 0.0
        L.backward()
        # оба градиента уже посчитаны -- двигаем оба параметра
        w.data -= learning_rate * w.grad
        b.data -= learning_rate * b.grad
    istoriya.append(mse(w, b).data)
    return w.data, b.data, istoriya


def train_line(steps, learning_rate):
    """(w, b, final_loss) after `steps` steps at `learning_rate`; final_loss is the loss after the last update."""
    w, b, losses = train_line_history(steps, learning_rate)
    return w, b, losses[-1]


def tochnoe_reshenie():
    """Наименьшие квадраты в замкнутой форме -- для проверки: (w, b)."""
    n = len(XS)
    sx, sy = sum(XS), sum(YS)
    sxx = sum(x * x for x in XS)
    sxy = sum(x * y for x, y in zip(XS, YS))
    w = (n * sxy - sx * sy) / (n * sxx - sx * sx)
    return w, (sy - w * sx) / n
