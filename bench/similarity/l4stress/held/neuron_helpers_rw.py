"""Exercise 10 -- one neuron on top of the Value engine, checked against PyTorch."""

from engine import Value

NAMES = ("x1", "x2", "w1", "w2", "b")


def largest_relative_difference(grads, reference_grads):
    """The biggest |g - r| / max(|g|, |r|) over the names; 0 where both are exactly 0."""
    worst = 0.0
    for key in reference_grads:
        mine, theirs = grads[key], reference_grads[key]
        biggest = max(abs(theirs), abs(mine))
        if biggest != 0:
            worst = max(worst, abs(mine - theirs) / biggest)
    return worst


def neuron(x1, x2, w1, w2, b, activation="relu"):
    """(output, leaves by name) for act(x1*w1 + x2*w2 + b), without calling backward."""
    nodes = {}
    for key, number in zip(NAMES, (x1, x2, w1, w2, b)):
        nodes[key] = Value(number)
    total = nodes["b"] + nodes["x2"] * nodes["w2"] + nodes["x1"] * nodes["w1"]
    if activation == "tanh":
        return total.tanh(), nodes
    elif activation == "relu":
        return total.relu(), nodes
    else:
        raise ValueError("unknown activation %r" % (activation,))


def neuron_gradients(x1, x2, w1, w2, b, activation="relu"):
    """All five gradients after a single backward() from the output."""
    out, nodes = neuron(x1, x2, w1, w2, b, activation)
    out.backward()
    grads = {}
    for key in NAMES:
        grads[key] = nodes[key].grad
    return grads


if __name__ == "__main__":
    # float64 gradients from torch for the same inputs
    cases = [
        ((2.0, -1.0, 0.5, -1.5, 0.25), "relu", {"x1": 0.5, "x2": -1.5, "w1": 2.0, "w2": -1.0, "b": 1.0}),
        ((1.5, 2.0, 2.0, -1.5, 0.0), "relu", {"x1": 0.0, "x2": 0.0, "w1": 0.0, "w2": 0.0, "b": 0.0}),
    ]
    for inputs, kind, torch_grads in cases:
        mine = neuron_gradients(*inputs, activation=kind)
        print(kind, list(inputs), mine, "diff:", largest_relative_difference(mine, torch_grads))
