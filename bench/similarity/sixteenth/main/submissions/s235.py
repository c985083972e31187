"""Two-input neuron (exercise 10).

y = f(w1*x1 + w2*x2 + b) with f relu or tanh; gradients from one backward()
call; compared with PyTorch by the largest relative difference.
"""

from engine import Value

NAMES = ("x1", "x2", "w1", "w2", "b")

ACTIVATION_FNS = {"tanh": Value.tanh, "relu": Value.relu}


def neuron(x1, x2, w1, w2, b, activation="relu"):
    """(y, leaves), no backward() yet."""
    if activation not in ACTIVATION_FNS:
        raise ValueError(f"activation must be 'relu' or 'tanh', not {activation!r}")
    leaves = dict(zip(NAMES, (Value(x1), Value(x2), Value(w1), Value(w2), Value(b))))
    excitation = leaves["b"]
    for i in (1, 2):
        excitation = excitation + leaves[f"w{i}"] * leaves[f"x{i}"]
    return ACTIVATION_FNS[activation](excitation), leaves


def neuron_gradients(x1, x2, w1, w2, b, activation="relu"):
    """The five gradients from a single backward pass."""
    y, leaves = neuron(x1, x2, w1, w2, b, activation)
    y.backward()
    return {name: leaves[name].grad for name in NAMES}


def largest_relative_difference(grads, reference_grads):
    """The largest relative difference over all names."""
    largest = 0.0
    for name in NAMES:
        g, r = grads[name], reference_grads[name]
        denom = max(abs(g), abs(r))
        largest = max(largest, abs(g - r) / denom if denom else 0.0)
    return largest
