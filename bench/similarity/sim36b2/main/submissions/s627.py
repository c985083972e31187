
from engine import Value

NAMES = ("x1", "x2", "w1", "w2", "b")


def neuron(x1, x2, w1, w2, b, activation="relu"):
    """Build out = s(w1*x1 + w2*x2 + b) from fresh leaves; return (out, leaves)."""
    assert activation in ("relu", "tanh"), f"activation is 'relu' or 'tanh', not {activation!r}"
    p = dict(zip(NAMES, (Value(x1), Value(x2), Value(w1), Value(w2), Value(b))))
    s = p["b"]
    for w, x in (("w1", "x1"), ("w2", "x2")):
        s = s + p[w] * p[x]
    out = s.relu() if activation == "relu" else s.tanh()
    return out, p


def neuron_gradients(x1, x2, w1, w2, b, activation="relu"):
    """dy/d(every leaf), from a single backward() call."""
    out, p = neuron(x1, x2, w1, w2, b, activation)
    out.backward()  # once! a second call would add the gradients again
    return {name: p[name].grad for name in NAMES}


def largest_relative_difference(grads, reference_grads):
    """max over names of |mine - ref| / max(|mine|, |ref|), where a pair of exact zeros counts as 0."""
    m = 0.0
    for name, ref in reference_grads.items():
        mine = grads[name]
        d = max(abs(mine), abs(ref))
        if d == 0.0:
            continue  # both zero: relu's dead side, nothing to compare
        m = max(m, abs(mine - ref) / d)
    return m


if __name__ == "__main__":
    torch_grads = {"x1": 0.5, "x2": -1.5, "w1": 2.0, "w2": -1.0, "b": 1.0}
    grads = neuron_gradients(2.0, -1.0, 0.5, -1.5, 0.25)
    print(grads)
    print("largest relative difference:", largest_relative_difference(grads, torch_grads))
