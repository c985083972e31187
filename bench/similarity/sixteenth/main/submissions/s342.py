"""One neuron, its five gradients, and how far they are from PyTorch's.

The neuron is y = relu(w1*x1 + w2*x2 + b), or tanh in place of relu.
(Written with type hints throughout -- Aiyana.)
"""

from typing import Dict, Tuple

from engine import Value

NAMES: Tuple[str, ...] = ("x1", "x2", "w1", "w2", "b")
Grads = Dict[str, float]


def neuron(x1: float, x2: float, w1: float, w2: float, b: float,
           activation: str = "relu") -> Tuple[Value, Dict[str, Value]]:
    """The neuron as a graph of Values, before any backward pass."""
    assert activation in ("relu", "tanh"), f"activation is 'relu' or 'tanh', not {activation!r}"
    leaves: Dict[str, Value] = {n: Value(v) for n, v in zip(NAMES, (x1, x2, w1, w2, b))}
    net: Value = leaves["w1"] * leaves["x1"] + leaves["w2"] * leaves["x2"] + leaves["b"]
    y: Value = net.relu() if activation == "relu" else net.tanh()
    return y, leaves


def neuron_gradients(x1: float, x2: float, w1: float, w2: float, b: float,
                     activation: str = "relu") -> Grads:
    """The five gradients of the neuron's output, from one backward() pass."""
    y: Value
    leaves: Dict[str, Value]
    y, leaves = neuron(x1, x2, w1, w2, b, activation)
    y.backward()
    gradients: Grads = {n: leaves[n].grad for n in NAMES}
    return gradients


def _relative(g: float, r: float) -> float:
    larger: float = max(abs(g), abs(r))
    if larger == 0.0:
        return 0.0
    return abs(g - r) / larger


def largest_relative_difference(grads: Grads, reference_grads: Grads) -> float:
    """The largest relative difference between two sets of gradients with the same names."""
    largest: float = 0.0
    for n in NAMES:
        largest = max(largest, _relative(grads[n], reference_grads[n]))
    return largest
