from engine import Value

_K0 = "tanh"
_K1 = "ok"
_K2 = "MISMATCH"
_K3 = "w1"
_K4 = "x1"
_K5 = "w2"
_K6 = "x2"
_K7 = "b"
_K8 = 0.0
_K9 = 2.0
_K10 = 1.0
_K11 = 0.5
_K12 = 1.5
_K13 = 0.25

NAMES = ("x1", "x2", "w1", "w2", "b")


def _activate(node, kind):
    if kind == _K0:
        return node.tanh()
    return node.relu()


def report(grads, reference_grads, tolerance=1e-6):
    """Print the comparison the way the README's PyTorch section does."""
    gap = largest_relative_difference(grads, reference_grads)
    status = _K1 if gap < tolerance else _K2
    print(f"largest relative difference: {gap:.3e} ({status})")
    return gap < tolerance


def neuron(x1, x2, w1, w2, b, activation="relu"):
    """Return (y, inputs): y the output Value, inputs the five inputs by name."""
    assert activation in ("relu", "tanh"), f"activation is 'relu' or 'tanh', not {activation!r}"
    inputs = {}
    for name, number in zip(NAMES, (x1, x2, w1, w2, b)):
        inputs[name] = Value(number)
    wsum = inputs[_K3] * inputs[_K4] + inputs[_K5] * inputs[_K6]
    y = _activate(wsum + inputs[_K7], activation)
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
    largest = _K8
    for name in NAMES:
        g = grads[name]
        r = reference_grads[name]
        denom = max(abs(g), abs(r))
        if denom == _K8:
            continue
        ratio = abs(g - r) / denom
        if ratio > largest:
            largest = ratio
    return largest


if __name__ == "__main__":
    ours = neuron_gradients(_K9, -_K10, _K11, -_K12, _K13)
    report(ours, dict(ours))
