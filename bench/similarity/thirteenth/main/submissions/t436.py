"""Упражнение 11: прямая по четырём точкам градиентным спуском (Сергей)."""

from engine import Value

XS = (0.0, 1.0, 2.0, 3.0)
YS = (1.0, 3.0, 5.0, 7.0)  # y = 2x + 1
W_START, B_START = -1.0, 0.0


def _пары():
    """Точки данных по одной."""
    for i in range(len(XS)):
        yield XS[i], YS[i]


def квадрат_ошибки(w, b, x, y):
    ошибка = w * x + b - y
    return ошибка ** 2


def mse(w, b):
    """Среднее квадратов ошибок, как Value."""
    сумма = 0
    количество = 0
    for x, y in _пары():
        сумма = сумма + квадрат_ошибки(w, b, x, y)
        количество += 1
    return сумма / количество


def шаг(параметры, скорость):
    for п in параметры:
        п.data -= скорость * п.grad


def train_line_history(steps, learning_rate):
    """(w, b, потери) после steps шагов; потери[0] -- до первого шага."""
    w = Value(W_START)
    b = Value(B_START)
    потери = []
    for _ in range(steps):
        потеря = mse(w, b)
        потери.append(потеря.data)
        w.grad = 0
        b.grad = 0
        потеря.backward()
        шаг((w, b), learning_rate)
    потери.append(mse(w, b).data)
    return w.data, b.data, потери


def train_line(steps, learning_rate):
    """(w, b, final_loss) after `steps` steps at `learning_rate`; final_loss is the loss after the last update."""
    w, b, losses = train_line_history(steps, learning_rate)
    return w, b, losses[-1]
