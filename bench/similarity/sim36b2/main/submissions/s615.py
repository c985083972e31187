# neuron.py -- companion code for the post "Does my autograd agree with PyTorch?
# One neuron, five gradients" (a blog about building small autograd engines).
#
# Written for this benchmark as a stand-in for such a post's code, and dedicated
# to the public domain (CC0 1.0, see LICENSE next to this file).
#
# Usage: put your engine.py next to this file, then
#     grads = neuron_gradients(2.0, -1.0, 0.5, -1.5, 0.25)
#     print(largest_relative_difference(grads, reference))

from engine import Value

NAMES = ("x1", "x2", "w1", "w2", "b")


def neuron(x1, x2, w1, w2, b, activation="relu"):
    """Build y = z(w1*x1 + w2*x2 + b) from fresh leaves; return (y, leaves)."""
    assert activation in ("relu", "tanh"), f"activation is 'relu' or 'tanh', not {activation!r}"
    leaf = dict(zip(NAMES, (Value(x1), Value(x2), Value(w1), Value(w2), Value(b))))
    # weighted sum
    z = leaf["b"]
    for w, x in (("w1", "x1"), ("w2", "x2")):
        z = z + leaf[w] * leaf[x]
    # activation
    y = z.relu() if activation == "relu" else z.tanh()
    return y, leaf


def neuron_gradients(x1, x2, w1, w2, b, activation="relu"):
    """dy/d(every leaf), from a single backward() call."""
    y, leaf = neuron(x1, x2, w1, w2, b, activation)
    y.backward()  # once! a second call would add the gradients again
    return {name: leaf[name].grad for name in NAMES}


def largest_relative_difference(grads, reference_grads):
    """max over names of |g - r| / max(|g|, |r|), where a pair of exact zeros counts as 0."""
    largest = 0.0
    for name, r in reference_grads.items():
        g = grads[name]
        scale = max(abs(g), abs(r))
        if scale == 0.0:
            continue  # both zero: relu's dead side, nothing to compare
        largest = max(largest, abs(g - r) / scale)
    return largest


if __name__ == "__main__":
    # PyTorch's numbers for this neuron (float64), from the post
    reference = {"x1": 0.5, "x2": -1.5, "w1": 2.0, "w2": -1.0, "b": 1.0}
    grads = neuron_gradients(2.0, -1.0, 0.5, -1.5, 0.25)
    print(grads)
    print("largest relative difference:", largest_relative_difference(grads, reference))
