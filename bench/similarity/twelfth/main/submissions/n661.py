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
    # make the leaves
    a = Value(x1)
    bb = Value(x2)
    c = Value(w1)
    d = Value(w2)
    e = Value(b)
    first = c * a
    second = d * bb
    total = first + second
    total = total + e
    # not sure if this is right but relu for relu and tanh for tanh
    if activation == "relu":
        result = total.relu()
    if activation == "tanh":
        result = total.tanh()
    leaves = {}
    leaves["x1"] = a
    leaves["x2"] = bb
    leaves["w1"] = c
    leaves["w2"] = d
    leaves["b"] = e
    return result, leaves


def neuron_gradients(x1, x2, w1, w2, b, activation="relu"):
    """The five gradients of the neuron's output, from one backward() pass: {"x1": dy/dx1, ..., "b": dy/db}."""
    result, leaves = neuron(x1, x2, w1, w2, b, activation)
    result.backward()
    grads = {}
    grads["x1"] = leaves["x1"].grad
    grads["x2"] = leaves["x2"].grad
    grads["w1"] = leaves["w1"].grad
    grads["w2"] = leaves["w2"].grad
    grads["b"] = leaves["b"].grad
    return grads


def largest_relative_difference(grads, reference_grads):
    """The largest relative difference between two sets of gradients with the same names.

    For each name, |g - r| / max(|g|, |r|): the difference as a fraction of
    the larger of the two, so that it means the same for a gradient of 1e-3 as
    for one of 1e3. Where both are exactly 0 the two agree, and the difference
    is 0 (relu's dead side gives such gradients; a division would fail there).
    """
    biggest = 0
    for name in NAMES:
        mine = grads[name]
        theirs = reference_grads[name]
        top = abs(mine - theirs)
        bottom = max(abs(mine), abs(theirs))
        if bottom == 0:
            continue  # both zero, skip (would divide by zero)
        rel = top / bottom
        if rel > biggest:
            biggest = rel
    return biggest
