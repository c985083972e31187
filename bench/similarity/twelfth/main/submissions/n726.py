"""neuron.py -- Kofi Mensah, group B

Builds the neuron from the course engine, reads its five gradients after a
single backward pass, and compares two sets of gradients.
"""

from engine import Value

NAMES = ("x1", "x2", "w1", "w2", "b")

_ACT = {
    "relu": lambda node: node.relu(),
    "tanh": lambda node: node.tanh(),
}


def neuron(x1, x2, w1, w2, b, activation="relu"):
    """Return (y, leaves): y the output Value, leaves the five inputs by name."""
    assert activation in _ACT, "activation is 'relu' or 'tanh', not %r" % (activation,)
    leaves = {}
    for name, number in zip(NAMES, (x1, x2, w1, w2, b)):
        leaves[name] = Value(number)
    dot = leaves["w1"] * leaves["x1"] + leaves["w2"] * leaves["x2"]
    y = _ACT[activation](dot + leaves["b"])
    return y, leaves


def neuron_gradients(x1, x2, w1, w2, b, activation="relu"):
    """One backward() from y, then each leaf's .grad."""
    y, leaves = neuron(x1, x2, w1, w2, b, activation=activation)
    y.backward()
    grads = {}
    for name in NAMES:
        grads[name] = leaves[name].grad
    return grads


def largest_relative_difference(grads, reference_grads):
    """max over names of |g - r| / max(|g|, |r|); a pair of zeros counts as 0."""
    worst = 0.0
    for name in NAMES:
        g = grads[name]
        r = reference_grads[name]
        scale = max(abs(g), abs(r))
        if scale == 0.0:
            continue
        rel = abs(g - r) / scale
        if rel > worst:
            worst = rel
    return worst


def report(grads, reference_grads, tol=1e-6):
    """Print the comparison the way the README's PyTorch section does."""
    diff = largest_relative_difference(grads, reference_grads)
    print("largest relative difference: %.3e (%s)" % (diff, "ok" if diff < tol else "MISMATCH"))
    return diff < tol


if __name__ == "__main__":
    mine = neuron_gradients(2.0, -1.0, 0.5, -1.5, 0.25)
    report(mine, dict(mine))
