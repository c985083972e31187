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
    # ngā rau: one Value per number
    rau = [Value(n) for n in (x1, x2, w1, w2, b)]
    rau_dict = {}
    for name, leaf in zip(NAMES, rau):
        rau_dict[name] = leaf
    x1v, x2v, w1v, w2v, bv = rau
    pre = x1v * w1v + x2v * w2v + bv
    if activation == "relu":
        post = pre.relu()
    else:
        post = pre.tanh()
    return post, rau_dict


def neuron_gradients(x1, x2, w1, w2, b, activation="relu"):
    """The five gradients of the neuron's output, from one backward() pass: {"x1": dy/dx1, ..., "b": dy/db}."""
    post, rau_dict = neuron(x1, x2, w1, w2, b, activation)
    post.backward()
    gradients = {}
    for name in NAMES:
        gradients[name] = rau_dict[name].grad
    return gradients


def largest_relative_difference(grads, reference_grads):
    """The largest relative difference between two sets of gradients with the same names.

    For each name, |g - r| / max(|g|, |r|): the difference as a fraction of
    the larger of the two, so that it means the same for a gradient of 1e-3 as
    for one of 1e3. Where both are exactly 0 the two agree, and the difference
    is 0 (relu's dead side gives such gradients; a division would fail there).
    """
    worst = 0.0
    for name in NAMES:
        mine, ref = grads[name], reference_grads[name]
        if mine == 0.0 and ref == 0.0:
            # both exactly zero: they agree
            continue
        diff = abs(mine - ref) / max(abs(mine), abs(ref))
        worst = diff if diff > worst else worst
    return worst
