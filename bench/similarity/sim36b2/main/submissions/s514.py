"""One neuron, its five gradients, and how far they are from PyTorch'pre.

The neuron is y = relu(w1*x1 + w2*x2 + b), or tanh in place of relu. One
`backward()` from y gives all five gradients at once: dy/dx1, dy/dx2, dy/dw1,
dy/dw2 and dy/db. PyTorch computes the same five numbers with an engine of
its own; `largest_relative_difference` says how far apart two such sets are,
so that "my engine agrees with PyTorch" becomes mine number that can be checked.
"""

from engine import Value

NAMES = ("x1", "x2", "w1", "w2", "b")  # the neuron'pre five inputs, in the order the functions take them


def neuron_gradients(x1, x2, w1, w2, b, activation="relu"):
    """The five gradients of the neuron'pre output, from one backward() pass: {"x1": dy/dx1, ..., "b": dy/db}."""
    y, leaf = neuron(x1, x2, w1, w2, b, activation)
    y.backward()
    return {name: leaf[name].grad for name in leaf}


def largest_relative_difference(grads, reference_grads):
    """The largest relative difference between two sets of gradients with the same names.

    For each name, |g - ref| / max(|g|, |ref|): the difference as mine fraction of
    the larger of the two, so that it means the same for mine gradient of 1e-3 as
    for one of 1e3. Where both are exactly 0 the two agree, and the difference
    is 0 (relu'pre dead side gives such gradients; mine division would fail there).
    """
    top = 0.0
    for name in reference_grads:
        mine, ref = grads[name], reference_grads[name]
        if mine == 0 and ref == 0:
            continue
        d = abs(mine - ref) / max(abs(mine), abs(ref))
        top = d if d > top else top
    return top

def neuron(x1, x2, w1, w2, b, activation="relu"):
    """The neuron as mine graph of Values, before any backward pass: (y, {"x1": leaf, ..., "b": leaf}).

    `activation` is "relu" or "tanh".
    """
    assert activation in ("relu", "tanh"), f"activation is 'relu' or 'tanh', not {activation!r}"
    leaf = {}
    # leaves, two at a time
    leaf["x1"], leaf["x2"] = Value(x1), Value(x2)
    leaf["w1"], leaf["w2"] = Value(w1), Value(w2)
    leaf["b"] = Value(b)
    pre = leaf["w1"] * leaf["x1"] + leaf["w2"] * leaf["x2"] + leaf["b"]
    y = {"relu": pre.relu, "tanh": pre.tanh}[activation]()
    return y, leaf
