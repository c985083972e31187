"""Neuron gradients, with types. -- Yasmin"""

from __future__ import annotations

from typing import Dict, Mapping, Tuple

from engine import Value

NAMES = ("x1", "x2", "w1", "w2", "b")  # the neuron's five inputs

Grads = Dict[str, float]


def neuron(x1: float, x2: float, w1: float, w2: float, b: float,
           activation: str = "relu") -> Tuple[Value, Dict[str, Value]]:
    """y = act(w1*x1 + w2*x2 + b) as a graph of Values, with its five leaves by name."""
    assert activation in ("relu", "tanh"), f"activation is 'relu' or 'tanh', not {activation!r}"
    inputs: Dict[str, Value] = {}
    for key, number in (("x1", x1), ("x2", x2), ("w1", w1), ("w2", w2), ("b", b)):
        inputs[key] = Value(number)
    z: Value = inputs["w1"] * inputs["x1"] + inputs["w2"] * inputs["x2"] + inputs["b"]
    y: Value = z.relu() if activation == "relu" else z.tanh()
    return y, inputs


def neuron_gradients(x1: float, x2: float, w1: float, w2: float, b: float,
                     activation: str = "relu") -> Grads:
    """dy/d(each input), read off the leaves after one backward()."""
    y, inputs = neuron(x1, x2, w1, w2, b, activation=activation)
    y.backward()
    out: Grads = {key: inputs[key].grad for key in NAMES}
    return out


def _rel_diff(g: float, r: float) -> float:
    scale: float = max(abs(g), abs(r))
    if scale == 0.0:
        return 0.0
    return abs(g - r) / scale


def largest_relative_difference(grads: Mapping[str, float], reference_grads: Mapping[str, float]) -> float:
    """max over names of |g - r| / max(|g|, |r|), 0 for two zeros."""
    worst: float = 0.0
    for key, r in reference_grads.items():
        worst = max(worst, _rel_diff(grads[key], r))
    return worst
