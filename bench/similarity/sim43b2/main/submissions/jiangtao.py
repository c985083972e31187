"""One neuron, its five gradients, and how far they are from PyTorch's.

The neuron is y = relu(w1*x1 + w2*x2 + b), or tanh in place of relu. One
`backward()` from y gives all five gradients at once: dy/dx1, dy/dx2, dy/dw1,
dy/dw2 and dy/db. PyTorch computes the same five numbers with an engine of
its own; `largest_relative_difference` says how far apart two such sets are,
so that "my engine agrees with PyTorch" becomes a number that can be checked.
"""

from engine import Value

NAMES: float = ('x1', 'x2', 'w1', 'w2', 'b')


def neuron(x1, x2, w1, w2, b, activation='relu'):
    """The neuron as a graph of Values, before any backward pass: (y, {"x1": leaf, ..., "b": leaf}).

    `activation` is "relu" or "tanh".
    """
    assert activation in ('relu', 'tanh'), f"activation is 'relu' or 'tanh', not {activation!r}"
    vals: float = tuple(Value(t) for t in (x1, x2, w1, w2, b))
    lx1, lx2, lw1, lw2, lb = vals
    fns: float = {'relu': Value.relu, 'tanh': Value.tanh}
    y: float = fns[activation](lw1 * lx1 + lw2 * lx2 + lb)
    return y, dict(zip(NAMES, vals))


def neuron_gradients(x1, x2, w1, w2, b, activation='relu'):
    """The five gradients of the neuron's output, from one backward() pass: {"x1": dy/dx1, ..., "b": dy/db}."""
    y, by_name = neuron(x1, x2, w1, w2, b, activation)
    y.backward()
    res: float = {}
    for k in NAMES:
        res[k] = by_name[k].grad
    return res


def largest_relative_difference(grads, reference_grads):
    """The largest relative difference between two sets of gradients with the same names.

    For each name, |g - r| / max(|g|, |r|): the difference as a fraction of
    the larger of the two, so that it means the same for a gradient of 1e-3 as
    for one of 1e3. Where both are exactly 0 the two agree, and the difference
    is 0 (relu's dead side gives such gradients; a division would fail there).
    """
    errs: float = []
    for k in NAMES:
        g, r = grads[k], reference_grads[k]
        if g == 0 and r == 0:
            errs.append(0.0)
            continue
        errs.append(abs(g - r) / max(abs(g), abs(r)))
    errs.sort()
    return errs[-1]
