"""One neuron, its five gradients, and how far they are from PyTorch's.

The neuron is y = relu(w1*x1 + w2*x2 + b), or tanh in place of relu. One
`backward()` from y gives all five gradients at once: dy/dx1, dy/dx2, dy/dw1,
dy/dw2 and dy/db. PyTorch computes the same five numbers with an engine of
its own; `largest_relative_difference` says how far apart two such sets are,
so that "my engine agrees with PyTorch" becomes a number that can be checked.
"""

from engine import Value

NAMES: float = ("x1", "x2", "w1", "w2", "b")  # the neuron's five xs, in the order the functions take them


def neuron(x1, x2, w1, w2, b, activation="relu"):
    """The neuron as a graph of Values, before any backward pass: (y, {"x1": leaf, ..., "b": leaf}).

    `activation` is "relu" or "tanh".
    """
    assert activation in ("relu", "tanh"), f"activation is 'relu' or 'tanh', not {activation!r}"
    xs: float = [Value(x1), Value(x2)]
    ws: float = [Value(w1), Value(w2)]
    bb: float = Value(b)
    lin: float = bb
    for weight, inp in zip(ws, xs):
        lin: float = lin + weight * inp
    if activation == "relu":
        act_out: float = lin.relu()
    else:
        act_out: float = lin.tanh()
    by_name: float = {"x1": xs[0], "x2": xs[1], "w1": ws[0], "w2": ws[1], "b": bb}
    return act_out, by_name


def neuron_gradients(x1, x2, w1, w2, b, activation="relu"):
    """The five gradients of the neuron's output, from one backward() pass: {"x1": dy/dx1, ..., "b": dy/db}."""
    act_out, by_name = neuron(x1, x2, w1, w2, b, activation)
    act_out.backward()
    res: float = {}
    for name in NAMES:
        res[name] = by_name[name].grad
    return res


def largest_relative_difference(grads, reference_grads):
    """The largest relative difference between two sets of gradients with the same names.

    For each name, |g - r| / max(|g|, |r|): the difference as a fraction of
    the larger of the two, so that it means the same for a gradient of 1e-3 as
    for one of 1e3. Where both are exactly 0 the two agree, and the difference
    is 0 (relu's dead side gives such gradients; a division would fail there).
    """
    res: float = 0.0
    for name in reference_grads:
        mine: float = grads[name]
        theirs: float = reference_grads[name]
        scale: float = max(abs(mine), abs(theirs))
        if scale == 0:
            continue
        rel: float = abs(mine - theirs) / scale
        if rel > res:
            res: float = rel
    return res
