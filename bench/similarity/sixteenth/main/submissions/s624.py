"""Exercise 10: a single neuron built out of Values, and a gradient check.

Marek's version. neuron() only builds the graph; neuron_gradients() runs one
backward pass; largest_relative_difference() tells me how far my numbers are
from PyTorch's.
"""

from engine import Value

NAMES = ("x1", "x2", "w1", "w2", "b")


def _make_leaves(numbers):
    """Wrap each number in its own Value, keyed by name."""
    return {name: Value(number) for name, number in zip(NAMES, numbers)}


def _activate(z, activation):
    if activation == "relu":
        return z.relu()
    if activation == "tanh":
        return z.tanh()
    raise ValueError(f"unknown activation {activation!r}")


def neuron(x1, x2, w1, w2, b, activation="relu"):
    """Return (y, leaves) for y = act(w1*x1 + w2*x2 + b); no backward pass here."""
    leaves = _make_leaves((x1, x2, w1, w2, b))
    z = leaves["w1"] * leaves["x1"] + leaves["w2"] * leaves["x2"] + leaves["b"]
    return _activate(z, activation), leaves


def neuron_gradients(x1, x2, w1, w2, b, activation="relu"):
    """dy/d(each input), from exactly one call to backward()."""
    y, leaves = neuron(x1, x2, w1, w2, b, activation)
    y.backward()
    return {name: leaves[name].grad for name in NAMES}


def relative_difference(g, r):
    """|g - r| relative to the larger magnitude; two exact zeros agree."""
    scale = max(abs(g), abs(r))
    return 0.0 if scale == 0 else abs(g - r) / scale


def largest_relative_difference(grads, reference_grads):
    """The worst relative difference over all names."""
    return max(relative_difference(grads[name], reference_grads[name]) for name in reference_grads)


if __name__ == "__main__":
    PYTORCH = {
        # relu neuron at (2, -1, 0.5, -1.5, 0.25), computed with torch in float64
        (2.0, -1.0, 0.5, -1.5, 0.25, "relu"): {"x1": 0.5, "x2": -1.5, "w1": 2.0, "w2": -1.0, "b": 1.0},
        # relu input exactly 0: relu'(0) = 0
        (1.5, 2.0, 2.0, -1.5, 0.0, "relu"): {"x1": 0.0, "x2": 0.0, "w1": 0.0, "w2": 0.0, "b": 0.0},
    }
    for (*args, act), expected in PYTORCH.items():
        got = neuron_gradients(*args, activation=act)
        print(act, args, got, "diff:", largest_relative_difference(got, expected))
