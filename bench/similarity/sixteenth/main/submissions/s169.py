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
    # Step 1: every input number becomes a leaf Value, so the engine can track it.
    inputs = [Value(x1), Value(x2)]
    weights = [Value(w1), Value(w2)]
    bias = Value(b)

    # Step 2: the weighted sum. Each weight multiplies its own input.
    weighted = [w * x for w, x in zip(weights, inputs)]
    pre_act = weighted[0] + weighted[1] + bias

    # Step 3: the nonlinearity on top.
    if activation == "tanh":
        y = pre_act.tanh()
    else:
        y = pre_act.relu()

    # Step 4: hand back the leaves by name so the caller can read their grads.
    named = {"x1": inputs[0], "x2": inputs[1], "w1": weights[0], "w2": weights[1], "b": bias}
    return y, named


def neuron_gradients(x1, x2, w1, w2, b, activation="relu"):
    """The five gradients of the neuron's output, from one backward() pass: {"x1": dy/dx1, ..., "b": dy/db}."""
    # Build a fresh graph (fresh leaves, all grads 0), then ONE backward pass.
    y, named = neuron(x1, x2, w1, w2, b, activation)
    y.backward()
    # Read off every gradient after the pass, never before it.
    return {name: named[name].grad for name in NAMES}


def largest_relative_difference(grads, reference_grads):
    """The largest relative difference between two sets of gradients with the same names.

    For each name, |g - r| / max(|g|, |r|): the difference as a fraction of
    the larger of the two, so that it means the same for a gradient of 1e-3 as
    for one of 1e3. Where both are exactly 0 the two agree, and the difference
    is 0 (relu's dead side gives such gradients; a division would fail there).
    """
    # Collect the relative difference for every name, then keep the biggest.
    differences = []
    for name in NAMES:
        mine = grads[name]
        theirs = reference_grads[name]
        bigger = max(abs(mine), abs(theirs))
        if bigger == 0:
            # Both exactly zero (relu's dead side): they agree completely.
            differences.append(0.0)
        else:
            differences.append(abs(mine - theirs) / bigger)
    return max(differences)
