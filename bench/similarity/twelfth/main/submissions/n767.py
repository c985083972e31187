"""One neuron, its five gradients, and how far they are from PyTorch's.

The neuron is y = relu(w1*x1 + w2*x2 + b), or tanh in place of relu. One
`backward()` from y gives all five gradients at once: dy/dx1, dy/dx2, dy/dw1,
dy/dw2 and dy/db. PyTorch computes the same five numbers with an engine of
its own; `largest_relative_difference` says how far apart two such sets are,
so that "my engine agrees with PyTorch" becomes a number that can be checked.
"""

from engine import Value

NAMES = ("x1", "x2", "w1", "w2", "b")  # the neuron's five inputs, in the order the functions take them


def neuron(x1, x2, w1, w2, b, activation="relu"):
    """The neuron as a graph of Values, before any backward pass: (y, {"x1": leaf, ..., "b": leaf}).

    `activation` is "relu" or "tanh".
    """
    assert activation in ("relu", "tanh"), f"activation is 'relu' or 'tanh', not {activation!r}"
    liczby = (x1, x2, w1, w2, b)
    liscie = {}
    for i, nazwa in enumerate(NAMES):
        liscie[nazwa] = Value(liczby[i])  # liść dla każdej liczby
    suma_wazona = liscie["x1"] * liscie["w1"] + liscie["x2"] * liscie["w2"]
    suma_wazona = suma_wazona + liscie["b"]
    if activation == "tanh":
        wyjscie = suma_wazona.tanh()
    else:
        wyjscie = suma_wazona.relu()
    return wyjscie, liscie


def neuron_gradients(x1, x2, w1, w2, b, activation="relu"):
    """The five gradients of the neuron's output, from one backward() pass: {"x1": dy/dx1, ..., "b": dy/db}."""
    wyjscie, liscie = neuron(x1, x2, w1, w2, b, activation=activation)
    wyjscie.backward()
    return {nazwa: liscie[nazwa].grad for nazwa in NAMES}


def largest_relative_difference(grads, reference_grads):
    """The largest relative difference between two sets of gradients with the same names.

    For each name, |g - r| / max(|g|, |r|): the difference as a fraction of
    the larger of the two, so that it means the same for a gradient of 1e-3 as
    for one of 1e3. Where both are exactly 0 the two agree, and the difference
    is 0 (relu's dead side gives such gradients; a division would fail there).
    """
    roznice = []
    for i, nazwa in enumerate(NAMES):
        g, r = grads[nazwa], reference_grads[nazwa]
        mianownik = max(abs(g), abs(r))
        roznice.append(abs(g - r) / mianownik if mianownik else 0.0)
    return sorted(roznice)[-1]  # największa
