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
    entrees = (x1, x2, w1, w2, b)
    feuilles = {nom: Value(v) for nom, v in zip(NAMES, entrees)}
    x, w = (feuilles["x1"], feuilles["x2"]), (feuilles["w1"], feuilles["w2"])
    # produit scalaire w·x, puis le biais
    z = w[0] * x[0] + w[1] * x[1] + feuilles["b"]
    if activation == "tanh":
        return z.tanh(), feuilles
    return z.relu(), feuilles


def neuron_gradients(x1, x2, w1, w2, b, activation="relu"):
    """The five gradients of the neuron's output, from one backward() pass: {"x1": dy/dx1, ..., "b": dy/db}."""
    y, feuilles = neuron(x1, x2, w1, w2, b, activation)
    y.backward()
    return dict((nom, f.grad) for nom, f in feuilles.items())


def largest_relative_difference(grads, reference_grads):
    """The largest relative difference between two sets of gradients with the same names.

    For each name, |g - r| / max(|g|, |r|): the difference as a fraction of
    the larger of the two, so that it means the same for a gradient of 1e-3 as
    for one of 1e3. Where both are exactly 0 the two agree, and the difference
    is 0 (relu's dead side gives such gradients; a division would fail there).
    """
    ecarts = []
    for nom in NAMES:
        a, b = grads[nom], reference_grads[nom]
        plus_grand = max(abs(a), abs(b))
        ecarts.append(0.0 if plus_grand == 0 else abs(a - b) / plus_grand)
    return max(ecarts)
