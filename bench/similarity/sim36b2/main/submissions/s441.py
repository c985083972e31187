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
    inputs = [Value(x1), Value(x2)]
    weights = [Value(w1), Value(w2)]
    bias = Value(b)
    pre = bias
    for weight, inp in zip(weights, inputs):
        pre = pre + weight * inp
    if activation == "relu":
        post = pre.relu()
    else:
        post = pre.tanh()
    named = {"x1": inputs[0], "x2": inputs[1], "w1": weights[0], "w2": weights[1], "b": bias}
    return post, named


def neuron_gradients(x1, x2, w1, w2, b, activation="relu"):
    """The five gradients of the neuron's output, from one backward() pass: {"x1": dy/dx1, ..., "b": dy/db}."""
    post, named = neuron(x1, x2, w1, w2, b, activation)
    post.backward()
    result = {}
    for name in NAMES:
        result[name] = named[name].grad
    return result


def largest_relative_difference(grads, reference_grads):
    """The largest relative difference between two sets of gradients with the same names.

    For each name, |g - r| / max(|g|, |r|): the difference as a fraction of
    the larger of the two, so that it means the same for a gradient of 1e-3 as
    for one of 1e3. Where both are exactly 0 the two agree, and the difference
    is 0 (relu's dead side gives such gradients; a division would fail there).
    """
    result = 0.0
    for name in reference_grads:
        ours = grads[name]
        ref = reference_grads[name]
        denominator = max(abs(ours), abs(ref))
        if denominator == 0:
            continue
        ratio = abs(ours - ref) / denominator
        if ratio > result:
            result = ratio
    return result
