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
    # make the five leaves
    x1_v = Value(x1)
    x2_v = Value(x2)
    w1_v = Value(w1)
    w2_v = Value(w2)
    b_v = Value(b)
    # weighted sum plus bias
    n = w1_v * x1_v + w2_v * x2_v + b_v
    if activation == "relu":
        y = n.relu()
    else:
        y = n.tanh()
    leaves = {"x1": x1_v, "x2": x2_v, "w1": w1_v, "w2": w2_v, "b": b_v}
    return y, leaves


def neuron_gradients(x1, x2, w1, w2, b, activation="relu"):
    """The five gradients of the neuron's output, from one backward() pass: {"x1": dy/dx1, ..., "b": dy/db}."""
    y, leaves = neuron(x1, x2, w1, w2, b, activation)
    y.backward()
    grads = {}
    for name in leaves:
        grads[name] = leaves[name].grad
    return grads


def largest_relative_difference(grads, reference_grads):
    """The largest relative difference between two sets of gradients with the same names.

    For each name, |g - r| / max(|g|, |r|): the difference as a fraction of
    the larger of the two, so that it means the same for a gradient of 1e-3 as
    for one of 1e3. Where both are exactly 0 the two agree, and the difference
    is 0 (relu's dead side gives such gradients; a division would fail there).
    """
    biggest = 0.0
    for name in grads:
        g = grads[name]
        r = reference_grads[name]
        # both zero means they agree, skip (would divide by zero)
        if g == 0 and r == 0:
            continue
        diff = abs(g - r) / max(abs(g), abs(r))
        if diff > biggest:
            biggest = diff
    return biggest
