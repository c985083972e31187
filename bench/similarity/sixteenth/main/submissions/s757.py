"""Exercise 10 (one neuron) -- Adaeze N.

neuron            builds y = relu/tanh(w . x + b) out of Values
neuron_gradients  runs backward() once and reads the five grads
largest_relative_difference   compares two gradient dicts
"""

import math

from engine import Value

NAMES = ("x1", "x2", "w1", "w2", "b")


def neuron(x1, x2, w1, w2, b, activation="relu"):
    """The neuron as a graph of Values, before any backward pass: (y, leaves)."""
    assert activation in ("relu", "tanh"), f"unknown activation {activation!r}"

    xs = [Value(x1), Value(x2)]
    ws = [Value(w1), Value(w2)]
    bias = Value(b)

    # dot product, written out as a running total
    act = bias
    for wi, xi in zip(ws, xs):
        act = act + wi * xi

    if activation == "relu":
        y = act.relu()
    else:
        y = act.tanh()

    leaves = {"x1": xs[0], "x2": xs[1], "w1": ws[0], "w2": ws[1], "b": bias}
    return y, leaves


def neuron_gradients(x1, x2, w1, w2, b, activation="relu"):
    """Five gradients from a single backward pass."""
    y, leaves = neuron(x1, x2, w1, w2, b, activation)
    y.backward()
    grads = {}
    for name, leaf in leaves.items():
        grads[name] = leaf.grad
    return grads


def largest_relative_difference(grads, reference_grads):
    """Largest |g - r| / max(|g|, |r|) over the names; 0 where both are 0."""
    largest = 0.0
    for name in reference_grads:
        g = grads[name]
        r = reference_grads[name]
        if g == 0 and r == 0:
            continue
        rel = math.fabs(g - r) / max(math.fabs(g), math.fabs(r))
        largest = max(largest, rel)
    return largest


if __name__ == "__main__":
    # quick check against the README's PyTorch numbers
    g = neuron_gradients(2.0, -1.0, 0.5, -1.5, 0.25)
    print(g, largest_relative_difference(g, {"x1": 0.5, "x2": -1.5, "w1": 2.0, "w2": -1.0, "b": 1.0}))
