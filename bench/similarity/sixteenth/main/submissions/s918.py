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
    # make the values
    vx1 = Value(x1)
    vx2 = Value(x2)
    vw1 = Value(w1)
    vw2 = Value(w2)
    vb = Value(b)
    # multiply
    p1 = vw1 * vx1
    p2 = vw2 * vx2
    # add
    s = p1 + p2
    s = s + vb
    # activation
    if activation == "relu":
        y = s.relu()
    if activation == "tanh":
        y = s.tanh()
    leaves = {}
    leaves["x1"] = vx1
    leaves["x2"] = vx2
    leaves["w1"] = vw1
    leaves["w2"] = vw2
    leaves["b"] = vb
    return y, leaves


def neuron_gradients(x1, x2, w1, w2, b, activation="relu"):
    """The five gradients of the neuron's output, from one backward() pass: {"x1": dy/dx1, ..., "b": dy/db}."""
    y, leaves = neuron(x1, x2, w1, w2, b, activation)
    y.backward()
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
    # work out each difference, one name at a time
    answer = 0
    for name in NAMES:
        g = grads[name]
        r = reference_grads[name]
        if g == 0 and r == 0:
            d = 0
        else:
            if abs(g) > abs(r):
                d = abs(g - r) / abs(g)
            else:
                d = abs(g - r) / abs(r)
        if d > answer:
            answer = d
    return answer
