from engine import Value

NAMES = ("x1", "x2", "w1", "w2", "b")

ACTIVATIONS = {
    "relu": lambda v: v.relu(),
    "tanh": lambda v: v.tanh(),
}


def neuron(x1, x2, w1, w2, b, activation="relu"):
    """(y, leaves): y = ACTIVATIONS[activation](w1*x1 + w2*x2 + b)."""
    if activation not in ACTIVATIONS:
        raise ValueError(activation)
    leaves = dict(zip(NAMES, (Value(x1), Value(x2), Value(w1), Value(w2), Value(b))))
    terms = [leaves["w1"] * leaves["x1"], leaves["w2"] * leaves["x2"], leaves["b"]]
    return ACTIVATIONS[activation](sum(terms[1:], terms[0])), leaves


def neuron_gradients(x1, x2, w1, w2, b, activation="relu"):
    y, leaves = neuron(x1, x2, w1, w2, b, activation)
    y.backward()
    return dict((k, leaves[k].grad) for k in NAMES)


def largest_relative_difference(grads, reference_grads):
    pairs = [(grads[k], reference_grads[k]) for k in NAMES]
    nonzero = [(g, r) for g, r in pairs if g or r]
    return max([abs(g - r) / max(abs(g), abs(r)) for g, r in nonzero], default=0.0)
