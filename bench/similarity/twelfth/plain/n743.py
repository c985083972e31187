"""10-neuron -- neuron.py

A neuron with two inputs, checked the way micrograd checks its engine.
"""

from engine import Value

NAMES = ("x1", "x2", "w1", "w2", "b")  # the order every function takes them in


def make_leaves(x1, x2, w1, w2, b):
    """Five leaf Values, in NAMES order."""
    return [Value(x1), Value(x2), Value(w1), Value(w2), Value(b)]


def neuron(x1, x2, w1, w2, b, activation="relu"):
    """Build y = act(w1*x1 + w2*x2 + b) and return (y, leaves by name)."""
    if activation not in ("relu", "tanh"):
        raise AssertionError("activation must be relu or tanh, got " + repr(activation))
    vx1, vx2, vw1, vw2, vb = make_leaves(x1, x2, w1, w2, b)
    net = (vw1 * vx1) + (vw2 * vx2) + vb
    if activation == "relu":
        y = net.relu()
    else:
        y = net.tanh()
    by_name = {"x1": vx1, "x2": vx2, "w1": vw1, "w2": vw2, "b": vb}
    return y, by_name


def neuron_gradients(x1, x2, w1, w2, b, activation="relu"):
    """Backward once, then collect leaf.grad for each name."""
    y, by_name = neuron(x1, x2, w1, w2, b, activation=activation)
    y.backward()
    collected = {}
    for name in NAMES:
        collected[name] = by_name[name].grad
    return collected


def relative_difference(g, r):
    """|g - r| / max(|g|, |r|), and 0 when g and r are both exactly 0."""
    if g == 0 and r == 0:
        return 0.0
    return abs(g - r) / max(abs(g), abs(r))


def largest_relative_difference(grads, reference_grads):
    """The largest relative_difference over the names in reference_grads."""
    largest = 0.0
    for name in reference_grads:
        d = relative_difference(grads[name], reference_grads[name])
        if d > largest:
            largest = d
    return largest


if __name__ == "__main__":
    g = neuron_gradients(2.0, -1.0, 0.5, -1.5, 0.25)
    print("relu:", g)
    print("against itself:", largest_relative_difference(g, g))
