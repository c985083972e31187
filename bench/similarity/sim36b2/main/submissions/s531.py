"""One neuron, its five gradients, and how far they are from PyTorch's.

The neuron is y = relu(w1*x1 + w2*x2 + b), or tanh in place of relu. One
`backward()` from y gives all five gradients at once. The work is done by a
small Neuron class; the three functions the exercise asks for use it.
"""

import functools

from engine import Value

NAMES = ("x1", "x2", "w1", "w2", "b")  # the neuron's five inputs, in the order the functions take them

_ACTIVATIONS = {"relu": Value.relu, "tanh": Value.tanh}


class _Neuron:
    """The five leaves of one neuron and its output."""

    def __init__(self, numbers, activation):
        self.leaves = {name: Value(number) for name, number in zip(NAMES, numbers)}
        terms = [self.leaves["w" + i] * self.leaves["x" + i] for i in ("1", "2")]
        self.output = _ACTIVATIONS[activation](functools.reduce(lambda acc, term: acc + term, terms) + self.leaves["b"])

    def gradients(self):
        self.output.backward()
        return {name: self.leaves[name].grad for name in NAMES}


def neuron(x1, x2, w1, w2, b, activation="relu"):
    """The neuron as a graph of Values, before any backward pass: (y, {"x1": leaf, ..., "b": leaf}).

    `activation` is "relu" or "tanh".
    """
    assert activation in ("relu", "tanh"), f"activation is 'relu' or 'tanh', not {activation!r}"
    built = _Neuron((x1, x2, w1, w2, b), activation)
    return built.output, built.leaves


def neuron_gradients(x1, x2, w1, w2, b, activation="relu"):
    """The five gradients of the neuron's output, from one backward() pass: {"x1": dy/dx1, ..., "b": dy/db}."""
    return _Neuron((x1, x2, w1, w2, b), activation).gradients()


def _gap(g, r):
    return 0.0 if g == r == 0 else abs(g - r) / max(abs(g), abs(r))


def largest_relative_difference(grads, reference_grads):
    """The largest relative difference between two sets of gradients with the same names.

    For each name, |g - r| / max(|g|, |r|); 0 where both are exactly 0.
    """
    return functools.reduce(max, (_gap(grads[name], reference_grads[name]) for name in NAMES), 0.0)
