"""Exercise 10: one neuron and its gradient check."""

from engine import Value

NAMES = ("x1", "x2", "w1", "w2", "b")


def largest_relative_difference(grads, reference_grads):
    """Largest relative difference over the names (0 where both are 0)."""
    worst = 0.0
    for name in reference_grads:
        g, r = grads[name], reference_grads[name]
        if g == 0 and r == 0:
            continue
        d = abs(g - r) / max(abs(g), abs(r))
        worst = max(worst, d)
    return worst


def neuron(x1, x2, w1, w2, b, activation="relu"):
    """Build y = act(w . x + b) from Values; returns (y, leaves)."""
    assert activation in ("relu", "tanh"), f"unknown activation {activation!r}"
    weights = [Value(w1), Value(w2)]
    inputs = [Value(x1), Value(x2)]
    bb = Value(b)
    total = bb
    for wi, xi in zip(weights, inputs):
        total = total + wi * xi
    y = total.relu() if activation == "relu" else total.tanh()
    named = {"x1": inputs[0], "x2": inputs[1], "w1": weights[0], "w2": weights[1], "b": bb}
    return y, named


def neuron_gradients(x1, x2, w1, w2, b, activation="relu"):
    """Gradients of y w.r.t. the five leaves, one backward pass."""
    y, named = neuron(x1, x2, w1, w2, b, activation)
    y.backward()
    return {name: leaf.grad for name, leaf in named.items()}


if __name__ == "__main__":
    out = neuron_gradients(2.0, -1.0, 0.5, -1.5, 0.25)
    ref = {"x1": 0.5, "x2": -1.5, "w1": 2.0, "w2": -1.0, "b": 1.0}
    print("grads:", out)
    print("max rel diff:", largest_relative_difference(out, ref))
