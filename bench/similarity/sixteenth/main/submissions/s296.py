"""One neuron, its five gradients, and how far they are from PyTorch's.

The neuron is y = relu(w1*x1 + w2*x2 + b), or tanh in place of relu. One
`backward()` from y gives all five gradients at once: dy/dx1, dy/dx2, dy/dw1,
dy/dw2 and dy/db. PyTorch computes the same five numbers with an engine of
its own; `largest_relative_difference` says how far apart two such sets are,
so that "my engine agrees with PyTorch" becomes a number that can be checked.
"""

from engine import Value

NAMES = ("x1", "x2", "w1", "w2", "b")  # the neuron's five inputs, in the order the functions take them

RELU, TANH = "relu", "tanh"



def neuron(x1, x2, w1, w2, b, activation="relu"):
    """The neuron as a graph of Values, before any backward pass: (y, {"x1": leaf, ..., "b": leaf}).

    `activation` is "relu" or "tanh".
    """
    assert activation in ("relu", "tanh"), f"activation is 'relu' or 'tanh', not {activation!r}"
    # build leaves one by one, keep them in a dict
    leaf_of = dict()
    leaf_of["x1"] = Value(x1)
    leaf_of["x2"] = Value(x2)
    leaf_of["w1"] = Value(w1)
    leaf_of["w2"] = Value(w2)
    leaf_of["b"] = Value(b)
    # dot product of weights with inputs, bias added last
    dot = leaf_of["w1"] * leaf_of["x1"] + leaf_of["w2"] * leaf_of["x2"]
    net = dot + leaf_of["b"]
    if activation == TANH:
        y = net.tanh()
    else:
        y = net.relu()
    return y, leaf_of


def neuron_gradients(x1, x2, w1, w2, b, activation="relu"):
    """The five gradients of the neuron's output, from one backward() pass: {"x1": dy/dx1, ..., "b": dy/db}."""
    y, leaf_of = neuron(x1, x2, w1, w2, b, activation)
    y.backward()
    return {k: leaf_of[k].grad for k in leaf_of}


def largest_relative_difference(grads, reference_grads):
    """The largest relative difference between two sets of gradients with the same names.

    For each name, |g - r| / max(|g|, |r|): the difference as a fraction of
    the larger of the two, so that it means the same for a gradient of 1e-3 as
    for one of 1e3. Where both are exactly 0 the two agree, and the difference
    is 0 (relu's dead side gives such gradients; a division would fail there).
    """
    biggest = 0.0
    for key in reference_grads.keys():
        g = grads[key]
        r = reference_grads[key]
        if g == 0.0 and r == 0.0:
            rel = 0.0
        elif abs(g) >= abs(r):
            rel = abs(g - r) / abs(g)
        else:
            rel = abs(g - r) / abs(r)
        biggest = max(biggest, rel)
    return biggest
