"""One neuron, written as a small class (Bogdan, grupa 3)."""

from engine import Value

NAMES = ("x1", "x2", "w1", "w2", "b")  # the neuron's five inputs, in the order the functions take them


class _Neuron:
    """Holds the five leaves and builds the output on demand."""

    def __init__(self, x1, x2, w1, w2, b):
        self.leaves = {}
        for name, number in zip(NAMES, (x1, x2, w1, w2, b)):
            self.leaves[name] = Value(number)

    def pre(self):
        l = self.leaves
        return l["w1"] * l["x1"] + l["w2"] * l["x2"] + l["b"]

    def forward(self, activation):
        p = self.pre()
        return p.relu() if activation == "relu" else p.tanh()


def neuron(x1, x2, w1, w2, b, activation="relu"):
    """The neuron as a graph of Values, before any backward pass: (y, {"x1": leaf, ..., "b": leaf})."""
    assert activation in ("relu", "tanh"), f"activation is 'relu' or 'tanh', not {activation!r}"
    cell = _Neuron(x1, x2, w1, w2, b)
    return cell.forward(activation), cell.leaves


def neuron_gradients(x1, x2, w1, w2, b, activation="relu"):
    """The five gradients of the neuron's output, from one backward() pass."""
    y, leaves = neuron(x1, x2, w1, w2, b, activation)
    y.backward()
    grads = {}
    for name in NAMES:
        grads[name] = leaves[name].grad
    return grads


def largest_relative_difference(grads, reference_grads):
    """The largest |g - r| / max(|g|, |r|) over the names; 0 where both are 0."""
    best = 0.0
    for name in NAMES:
        g, r = grads[name], reference_grads[name]
        if g == r:
            continue
        best = max(best, abs(g - r) / max(abs(g), abs(r)))
    return best
