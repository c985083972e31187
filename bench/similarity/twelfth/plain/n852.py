from engine import Value

NAMES = ("x1", "x2", "w1", "w2", "b")


def _activate(node, kind):
    if kind == "tanh":
        return node.tanh()
    return node.relu()


def report(grads, reference_grads, tolerance=1e-6):
    """Print the comparison the way the README's PyTorch section does."""
    gap = largest_relative_difference(grads, reference_grads)
    status = "ok" if gap < tolerance else "MISMATCH"
    print(f"largest relative difference: {gap:.3e} ({status})")
    return gap < tolerance


def neuron(x1, x2, w1, w2, b, activation="relu"):
    """Return (y, inputs): y the output Value, inputs the five inputs by name."""
    assert activation in ("relu", "tanh"), f"activation is 'relu' or 'tanh', not {activation!r}"
    inputs = {}
    for name, number in zip(NAMES, (x1, x2, w1, w2, b)):
        inputs[name] = Value(number)
    wsum = inputs["w1"] * inputs["x1"] + inputs["w2"] * inputs["x2"]
    y = _activate(wsum + inputs["b"], activation)
    return y, inputs


def neuron_gradients(x1, x2, w1, w2, b, activation="relu"):
    """One backward() from y, then each leaf's .grad."""
    y, inputs = neuron(x1, x2, w1, w2, b, activation=activation)
    y.backward()
    grads = {}
    for name in NAMES:
        grads[name] = inputs[name].grad
    return grads


def largest_relative_difference(grads, reference_grads):
    """max over names of |g - r| / max(|g|, |r|); a pair of zeros counts as 0."""
    largest = 0.0
    for name in NAMES:
        g = grads[name]
        r = reference_grads[name]
        denom = max(abs(g), abs(r))
        if denom == 0.0:
            continue
        ratio = abs(g - r) / denom
        if ratio > largest:
            largest = ratio
    return largest


if __name__ == "__main__":
    ours = neuron_gradients(2.0, -1.0, 0.5, -1.5, 0.25)
    report(ours, dict(ours))
