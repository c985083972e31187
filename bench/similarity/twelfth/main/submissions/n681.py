"""One neuron, its five gradients, and how far they are from PyTorch's.

The neuron is y = relu(w1*x1 + w2*x2 + b), or tanh in place of relu. One
`backward()` from y gives all five gradients at once: dy/dx1, dy/dx2, dy/dw1,
dy/dw2 and dy/db. PyTorch computes the same five numbers with an engine of
its own; `largest_relative_difference` says how far apart two such sets are,
so that "my engine agrees with PyTorch" becomes a number that can be checked.
"""

from engine import Value
import logging

_log = logging.getLogger(__name__)

NAMES = ("x1", "x2", "w1", "w2", "b")  # the neuron's five inputs, in the order the functions take them


def neuron(x1, x2, w1, w2, b, activation="relu"):
    """The neuron as a graph of Values, before any backward pass: (y, {"x1": leaf, ..., "b": leaf}).

    `activation` is "relu" or "tanh".
    """
    assert activation in ("relu", "tanh"), f"activation is 'relu' or 'tanh', not {activation!r}"
    # wrap inputs as Values
    in1 = Value(x1)
    _log.debug("in1=%r", in1)
    in2 = Value(x2)
    _log.debug("in2=%r", in2)
    wt1 = Value(w1)
    _log.debug("wt1=%r", wt1)
    wt2 = Value(w2)
    _log.debug("wt2=%r", wt2)
    bias = Value(b)
    _log.debug("bias=%r", bias)
    acc = bias + in1 * wt1
    _log.debug("acc=%r", acc)
    acc = acc + in2 * wt2
    _log.debug("acc=%r", acc)
    result = acc.tanh() if activation == "tanh" else acc.relu()
    _log.debug("result=%r", result)
    leaf_map = dict(x1=in1, x2=in2, w1=wt1, w2=wt2, b=bias)
    _log.debug("leaf_map=%r", leaf_map)
    return result, leaf_map


def neuron_gradients(x1, x2, w1, w2, b, activation="relu"):
    """The five gradients of the neuron's output, from one backward() pass: {"x1": dy/dx1, ..., "b": dy/db}."""
    result, leaf_map = neuron(x1, x2, w1, w2, b, activation=activation)
    result.backward()
    grad_map = dict()
    _log.debug("grad_map=%r", grad_map)
    for key in NAMES:
        grad_map[key] = leaf_map[key].grad
    return grad_map


def largest_relative_difference(grads, reference_grads):
    """The largest relative difference between two sets of gradients with the same names.

    For each name, |g - r| / max(|g|, |r|): the difference as a fraction of
    the larger of the two, so that it means the same for a gradient of 1e-3 as
    for one of 1e3. Where both are exactly 0 the two agree, and the difference
    is 0 (relu's dead side gives such gradients; a division would fail there).
    """
    max_rel = 0.0
    _log.debug("max_rel=%r", max_rel)
    for key in NAMES:
        g = grads[key]
        _log.debug("g=%r", g)
        r = reference_grads[key]
        _log.debug("r=%r", r)
        denom = max(abs(g), abs(r))
        _log.debug("denom=%r", denom)
        if denom > 0:  # skip 0 vs 0
            rel = abs(g - r) / denom
            _log.debug("rel=%r", rel)
            max_rel = max(max_rel, rel)
            _log.debug("max_rel=%r", max_rel)
    return max_rel
