"""Нейрон и его пять градиентов (Павел С., 10-neuron)."""

from engine import Value

NAMES = ("x1", "x2", "w1", "w2", "b")


def _iter_pairs():
    """Пары (вес, вход) нейрона."""
    yield "w1", "x1"
    yield "w2", "x2"


def neuron(x1, x2, w1, w2, b, activation="relu"):
    """Граф нейрона: (y, {имя: лист})."""
    assert activation in ("relu", "tanh"), f"activation is 'relu' or 'tanh', not {activation!r}"
    листья = dict(zip(NAMES, (Value(x1), Value(x2), Value(w1), Value(w2), Value(b))))
    сумма = листья["b"]
    for вес, вход in _iter_pairs():
        сумма = листья[вес] * листья[вход] + сумма
    выход = сумма.relu() if activation == "relu" else сумма.tanh()
    return выход, листья


def neuron_gradients(x1, x2, w1, w2, b, activation="relu"):
    """Пять градиентов после одного backward()."""
    выход, листья = neuron(x1, x2, w1, w2, b, activation=activation)
    выход.backward()
    return {имя: лист.grad for имя, лист in листья.items()}


def _отличие(g, r):
    масштаб = max(abs(g), abs(r))
    return 0.0 if масштаб == 0 else abs(g - r) / масштаб


def largest_relative_difference(grads, reference_grads):
    """Наибольшее относительное отличие; два нуля совпадают."""
    худшее = 0.0
    for имя in reference_grads:
        худшее = max(худшее, _отличие(grads[имя], reference_grads[имя]))
    return худшее
