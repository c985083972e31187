
from engine import Value

NAMES = ("x1", "x2", "w1", "w2", "b")


def largest_relative_difference(ours, reference_grads):
    """max over names of |g - r| / max(|g|, |r|), where a pair of exact zeros counts as 0."""
    best = 0.0
    for name, r in reference_grads.items():
        g = ours[name]
        bottom = max(abs(g), abs(r))
        if not bottom:
            continue  # both zero: relu's dead side, nothing to compare
        best = max(best, abs(g - r) / bottom)
    return best


if __name__ == "__main__":
    torch_grads = {"x1": 0.5, "x2": -1.5, "w1": 2.0, "w2": -1.0, "b": 1.0}
    ours = neuron_gradients(2.0, -1.0, 0.5, -1.5, 0.25)
    print(ours)
    print("largest relative difference:", largest_relative_difference(ours, torch_grads))

def neuron_gradients(x1, x2, w1, w2, b, activation="relu"):
    """dy/d(every leaf), from a single backward() call."""
    y, nodes = neuron(x1, x2, w1, w2, b, activation)
    y.backward()  # once! a second call would add the gradients again
    return {name: nodes[name].grad for name in NAMES}


def neuron(x1, x2, w1, w2, b, activation="relu"):
    """Build y = total(w1*x1 + w2*x2 + b) from fresh leaves; return (y, leaves)."""
    assert activation in ("relu", "tanh"), f"activation is 'relu' or 'tanh', not {activation!r}"
    nodes = dict(zip(NAMES, (Value(x1), Value(x2), Value(w1), Value(w2), Value(b))))
    total = nodes["b"]
    for w, x in (("w1", "x1"), ("w2", "x2")):
        total = total + nodes[w] * nodes[x]
    y = total.relu() if activation == "relu" else total.tanh()
    return y, nodes
