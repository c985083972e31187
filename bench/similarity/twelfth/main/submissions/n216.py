"""Lab 10: one neuron and its gradients (Tomasz K.)

I build the neuron from small helpers so that each step can be tested on its own.
"""

from engine import Value

NAMES = ("x1", "x2", "w1", "w2", "b")
ACTIVATIONS = ("relu", "tanh")


def _leaf_dict(numbers):
    """Wrap the five numbers into leaf Values, keyed by NAMES."""
    if len(numbers) != len(NAMES):
        raise ValueError("expected five numbers")
    return {name: Value(number) for name, number in zip(NAMES, numbers)}


def _weighted_sum(leaf):
    """w1*x1 + w2*x2 + b, from a dict of leaves."""
    acc = leaf["b"]
    for i in (1, 2):
        acc = acc + leaf[f"w{i}"] * leaf[f"x{i}"]
    return acc


def _activate(node, activation):
    if activation == "relu":
        return node.relu()
    return node.tanh()


def neuron(x1, x2, w1, w2, b, activation="relu"):
    """The neuron as a graph: (y, leaves)."""
    assert activation in ACTIVATIONS, f"activation is 'relu' or 'tanh', not {activation!r}"
    leaf = _leaf_dict((x1, x2, w1, w2, b))
    return _activate(_weighted_sum(leaf), activation), leaf


def neuron_gradients(x1, x2, w1, w2, b, activation="relu"):
    """All five gradients from a single backward()."""
    y, leaf = neuron(x1, x2, w1, w2, b, activation=activation)
    y.backward()
    return {name: leaf[name].grad for name in NAMES}


def _relative(g, r):
    """|g - r| relative to the larger magnitude; two zeros agree."""
    larger = max(abs(g), abs(r))
    return abs(g - r) / larger if larger else 0.0


def largest_relative_difference(grads, reference_grads):
    """The worst relative difference over the names of reference_grads."""
    return max((_relative(grads[name], reference_grads[name]) for name in reference_grads), default=0.0)


if __name__ == "__main__":
    print(neuron_gradients(2.0, -1.0, 0.5, -1.5, 0.25))
    print(neuron_gradients(2.0, 0.0, -3.0, 1.0, 6.8813735870195432, activation="tanh"))
