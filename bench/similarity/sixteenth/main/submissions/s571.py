"""10-neuron: one neuron, its gradients, and a comparison with PyTorch.

Samuel Okafor, week 10.

    y = act(w1*x1 + w2*x2 + b),  act in {relu, tanh}
"""

from engine import Value

NAMES = ("x1", "x2", "w1", "w2", "b")
_ACTS = ("relu", "tanh")


def _weighted_sum(leaf):
    # the pre-activation, term by term
    total = leaf["b"]
    total = total + leaf["w1"] * leaf["x1"]
    total = total + leaf["w2"] * leaf["x2"]
    return total


def neuron(x1, x2, w1, w2, b, activation="relu"):
    """Build y and return it with its five leaves, keyed by NAMES."""
    if activation not in _ACTS:
        raise ValueError(f"activation must be one of {_ACTS}, got {activation!r}")
    leaf = {}
    for key, number in zip(NAMES, (x1, x2, w1, w2, b)):
        leaf[key] = Value(number)
    pre = _weighted_sum(leaf)
    y = pre.tanh() if activation == "tanh" else pre.relu()
    return y, leaf


def neuron_gradients(x1, x2, w1, w2, b, activation="relu"):
    """One backward pass, five gradients."""
    y, leaf = neuron(x1, x2, w1, w2, b, activation)
    y.backward()
    return {key: leaf[key].grad for key in NAMES}


def _rel(g, r):
    m = max(abs(g), abs(r))
    if m == 0:
        return 0.0  # both zero: no disagreement
    return abs(g - r) / m


def largest_relative_difference(grads, reference_grads):
    """max over names of |g - r| / max(|g|, |r|)."""
    worst = 0.0
    for key in NAMES:
        worst = max(worst, _rel(grads[key], reference_grads[key]))
    return worst


def _demo():
    mine = neuron_gradients(2.0, -1.0, 0.5, -1.5, 0.25)
    torch_grads = {"x1": 0.5, "x2": -1.5, "w1": 2.0, "w2": -1.0, "b": 1.0}
    print("mine:   ", mine)
    print("pytorch:", torch_grads)
    print("largest relative difference:", largest_relative_difference(mine, torch_grads))
    print("dead relu:", neuron_gradients(1.5, 2.0, 2.0, -1.5, 0.0))
    print("tanh:", neuron_gradients(2.0, 0.0, -3.0, 1.0, 6.8813735870195432, "tanh"))


if __name__ == "__main__":
    _demo()
