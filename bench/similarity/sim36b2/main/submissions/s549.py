"""One neuron, its five gradients, and how far they are from PyTorch's.

The neuron is y = relu(w1*x1 + w2*x2 + b), or tanh in place of relu. One
`backward()` from y gives all five gradients at once: dy/dx1, dy/dx2, dy/dw1,
dy/dw2 and dy/db. PyTorch computes the same five numbers with an engine of
its own; `largest_relative_difference` says how far apart two such sets are,
so that "my engine agrees with PyTorch" becomes a number that can be checked.
"""

import math

from engine import Value

NAMES = ("x1", "x2", "w1", "w2", "b")  # the neuron's five inputs, in the order the functions take them


def _make_leaves(*numbers):
    return dict(zip(NAMES, map(Value, numbers)))


def _forward(leaves, activation):
    pairs = ((leaves["w1"], leaves["x1"]), (leaves["w2"], leaves["x2"]))
    pre = leaves["b"]
    for weight, inp in pairs:
        pre = weight * inp + pre
    return pre.tanh() if activation == "tanh" else pre.relu()


def neuron(x1, x2, w1, w2, b, activation="relu"):
    """The neuron as a graph of Values, before any backward pass: (y, {"x1": leaf, ..., "b": leaf}).

    `activation` is "relu" or "tanh".
    """
    assert activation in ("relu", "tanh"), f"activation is 'relu' or 'tanh', not {activation!r}"
    leaves = _make_leaves(x1, x2, w1, w2, b)
    return _forward(leaves, activation), leaves


def neuron_gradients(x1, x2, w1, w2, b, activation="relu"):
    """The five gradients of the neuron's output, from one backward() pass: {"x1": dy/dx1, ..., "b": dy/db}."""
    leaves = _make_leaves(x1, x2, w1, w2, b)
    _forward(leaves, activation).backward()
    return dict((name, leaf.grad) for name, leaf in leaves.items())


def largest_relative_difference(grads, reference_grads):
    """The largest relative difference between two sets of gradients with the same names.

    For each name, |g - r| / max(|g|, |r|); where both are exactly 0 the two
    agree, and the difference is 0.
    """
    relative = map(lambda pair: 0.0 if pair[0] == 0.0 and pair[1] == 0.0
                   else math.fabs(pair[0] - pair[1]) / max(math.fabs(pair[0]), math.fabs(pair[1])),
                   ((grads[name], reference_grads[name]) for name in reference_grads))
    return max(relative, default=0.0)


if __name__ == "__main__":
    mine = neuron_gradients(2.0, -1.0, 0.5, -1.5, 0.25)
    torch_numbers = {"x1": 0.5, "x2": -1.5, "w1": 2.0, "w2": -1.0, "b": 1.0}
    print(mine, largest_relative_difference(mine, torch_numbers))
