"""One neuron, its five gradients, and how far they are from PyTorch's.

The neuron is y = relu(w1*x1 + w2*x2 + b), or tanh in place of relu. One
`backward()` from y gives all five gradients at once: dy/dx1, dy/dx2, dy/dw1,
dy/dw2 and dy/db. PyTorch computes the same five numbers with an engine of
its own; `largest_relative_difference` says how far apart two such sets are,
so that "my engine agrees with PyTorch" becomes a number that can be checked.
"""

from engine import Value

NAMES = ("x1", "x2", "w1", "w2", "b")  # the neuron's five inputs, in the order the functions take them

ACT_RELU = "relu"
ACT_TANH = "tanh"


def _one_rel(g, r):
    # relative difference of a single pair
    if g == 0.0 and r == 0.0:
        return 0.0
    if abs(g) < abs(r):
        return abs(g - r) / abs(r)
    return abs(g - r) / abs(g)



def neuron(x1, x2, w1, w2, b, activation="relu"):
    """The neuron as a graph of Values, before any backward pass: (y, {"x1": leaf, ..., "b": leaf}).

    `activation` is "relu" or "tanh".
    """
    assert activation in ("relu", "tanh"), f"activation is 'relu' or 'tanh', not {activation!r}"
    leaf_map = {k: Value(v) for k, v in (("x1", x1), ("x2", x2), ("w1", w1), ("w2", w2), ("b", b))}
    dot_product = leaf_map["w1"] * leaf_map["x1"] + leaf_map["w2"] * leaf_map["x2"]
    y = (dot_product + leaf_map["b"]).tanh() if activation == ACT_TANH else (dot_product + leaf_map["b"]).relu()
    return y, leaf_map


def neuron_gradients(x1, x2, w1, w2, b, activation="relu"):
    """The five gradients of the neuron's output, from one backward() pass: {"x1": dy/dx1, ..., "b": dy/db}."""
    y, leaf_map = neuron(x1, x2, w1, w2, b, activation)
    y.backward()
    result = {}
    for k, leaf in leaf_map.items():
        result[k] = leaf.grad
    return result


def largest_relative_difference(grads, reference_grads):
    """The largest relative difference between two sets of gradients with the same names.

    For each name, |g - r| / max(|g|, |r|): the difference as a fraction of
    the larger of the two, so that it means the same for a gradient of 1e-3 as
    for one of 1e3. Where both are exactly 0 the two agree, and the difference
    is 0 (relu's dead side gives such gradients; a division would fail there).
    """
    return max(map(lambda k: _one_rel(grads[k], reference_grads[k]), reference_grads))
