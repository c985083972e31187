"""10-neuron: one neuron built from Values, its gradients, and a comparison."""

from engine import Value

NAMES = ("x1", "x2", "w1", "w2", "b")
PAIRS = (("w1", "x1"), ("w2", "x2"))  # (weight, input)


def _rel(mine, theirs):
    bound = max(abs(mine), abs(theirs))
    if bound == 0:
        return 0.0
    return abs(mine - theirs) / bound


def largest_relative_difference(grads, reference_grads):
    """Largest |g - r| / max(|g|, |r|) over the names (0 for a pair of zeros)."""
    return max([_rel(grads[k], reference_grads[k]) for k in reference_grads] + [0.0])


def neuron(x1, x2, w1, w2, b, activation="relu"):
    """Returns y and a dict of the leaf Values."""
    assert activation in ("relu", "tanh"), f"activation is 'relu' or 'tanh', not {activation!r}"
    leaves = {}
    for key, num in zip(NAMES, (x1, x2, w1, w2, b)):
        leaves[key] = Value(num)
    total = leaves["b"]
    for w_key, x_key in PAIRS:
        total = total + leaves[w_key] * leaves[x_key]
    if activation == "tanh":
        return total.tanh(), leaves
    return total.relu(), leaves


def neuron_gradients(x1, x2, w1, w2, b, activation="relu"):
    """dy/d(input) for the five inputs after y.backward()."""
    y, leaves = neuron(x1, x2, w1, w2, b, activation=activation)
    y.backward()
    grads = {}
    for key, leaf in leaves.items():
        grads[key] = leaf.grad
    return grads
