"""Neuron z dwoma wejściami (ćwiczenie 10) -- Wojciech.

y = f(w1*x1 + w2*x2 + b), f = relu albo tanh. Gradienty z jednego backward(),
porównanie z PyTorchem przez największą różnicę względną.
"""

from engine import Value

NAMES = ("x1", "x2", "w1", "w2", "b")

FUNKCJE = {"relu": Value.relu, "tanh": Value.tanh}


def liscie(*liczby):
    """Słownik nazwa -> Value dla pięciu liczb w kolejności NAMES."""
    return {nazwa: Value(liczba) for nazwa, liczba in zip(NAMES, liczby)}


def neuron(x1, x2, w1, w2, b, activation="relu"):
    """(y, liście) -- bez backward()."""
    if activation not in FUNKCJE:
        raise ValueError("activation: 'relu' albo 'tanh'")
    L = liscie(x1, x2, w1, w2, b)
    pobudzenie = sum((L["w%d" % i] * L["x%d" % i] for i in (1, 2)), L["b"])
    return FUNKCJE[activation](pobudzenie), L


def neuron_gradients(x1, x2, w1, w2, b, activation="relu"):
    """Pięć gradientów z jednego przebiegu wstecz."""
    y, L = neuron(x1, x2, w1, w2, b, activation)
    y.backward()
    return {nazwa: L[nazwa].grad for nazwa in NAMES}


def roznica_wzgledna(g, r):
    """|g - r| / max(|g|, |r|); dwa zera to zgoda (0)."""
    mianownik = max(abs(g), abs(r))
    return abs(g - r) / mianownik if mianownik else 0.0


def largest_relative_difference(grads, reference_grads):
    """Największa różnica względna po wszystkich nazwach."""
    return max(roznica_wzgledna(grads[n], reference_grads[n]) for n in NAMES)


if __name__ == "__main__":
    moje = neuron_gradients(2.0, -1.0, 0.5, -1.5, 0.25)
    pytorch = {"x1": 0.5, "x2": -1.5, "w1": 2.0, "w2": -1.0, "b": 1.0}
    print(moje, largest_relative_difference(moje, pytorch))
