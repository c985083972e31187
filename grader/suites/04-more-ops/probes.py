"""Probes of 04-more-ops: each new operation on its own, then the derived ones in use."""

from probekit import grads, number, with_numeric


# -- powers ---------------------------------------------------------------------------------


from shared_probes import pow_cube, pow_square, pow_fractional, pow_negative_exponent


def pow_negative_base(V):
    """y = x ** 2 * 3 at x = -1.5"""
    x = V(-1.5)
    y = x**2 * 3
    y.backward()
    return {"y": number(y.data, "y"), **grads({"x": x})}


# -- exp and log ----------------------------------------------------------------------------


from shared_probes import exp_values, exp_negative


def exp_zero(V):
    """y = exp(x) at x = 0 (exp'(0) = 1)"""
    x = V(0.0)
    y = x.exp()
    y.backward()
    return {"y": number(y.data, "y"), **grads({"x": x})}


from shared_probes import exp_shared_input, log_shared_input, log_values


def log_one(V):
    """y = log(x) at x = 1 (log'(1) = 1, while log(1) = 0)"""
    x = V(1.0)
    y = x.log()
    y.backward()
    return {"y": number(y.data, "y"), **grads({"x": x})}


from shared_probes import log_small


# -- each new op twice in one graph ---------------------------------------------------------------
# The second of another input, c: a rule that reads the last op's state (its output, input, base or output node)
# instead of its own node's is charged on its op's own test, as the engine suite's `_inner` probes charge it. (An input
# that already holds a gradient is exp/values' and log/values' `_shared_input`.)


def _twice(V, op, a, b, c):
    """op(a * b) * 2 + op(c), its gradients"""
    x, w, z = V(a), V(b), V(c)
    h = x * w
    y = op(h) * 2 + op(z)
    y.backward()
    return {"y": number(y.data, "y"), **grads({"a": x, "b": w, "a * b": h, "c": z})}


def pow_cube_inner(V):
    """y = (a * b) ** 3 * 2 + c ** 3 at a = 0.5, b = -2, c = 1.5 (two bases of one whole exponent)"""
    return _twice(V, lambda h: h**3, 0.5, -2.0, 1.5)


def pow_inner(V):
    """y = (a * b) ** -1 * 2 + c ** -1 at a = 2, b = 1.5, c = 0.5 (two bases of one exponent -1)"""
    return _twice(V, lambda h: h**-1, 2.0, 1.5, 0.5)


def exp_inner(V):
    """y = exp(a * b) * 2 + exp(c) at a = 2, b = -0.75, c = 0.5 (a second exp in the graph)"""
    return _twice(V, lambda h: h.exp(), 2.0, -0.75, 0.5)


def log_inner(V):
    """y = log(a * b) * 2 + log(c) at a = 0.5, b = 1.5, c = 3 (a second log in the graph)"""
    return _twice(V, lambda h: h.log(), 0.5, 1.5, 3.0)


# -- negation and subtraction ------------------------------------------------------------------


from shared_probes import neg_value, sub_values, sub_constant, shared_sub


# -- division -----------------------------------------------------------------------------------


from shared_probes import div_values, div_constant


def div_shared(V):
    """y = a / (a + 1) at a = 2"""
    a = V(2.0)
    y = a / (a + 1)
    y.backward()
    return {"y": number(y.data, "y"), **grads({"a": a})}


# -- all of them together -------------------------------------------------------------------------


from shared_probes import micrograd_more_ops, softplus_mix


def sigmoid(V):
    """s = 1 / (1 + exp(-x)) at x = 0.7"""
    x = V(0.7)
    s = 1 / (1 + (-x).exp())
    s.backward()
    return {"s": number(s.data, "s"), **grads({"x": x})}


from shared_probes import numeric_rational, numeric_exp_log


# -- what charging reads (grader/judge/charging.py): the core the exercise gives, and which op calls which ----------


from shared_probes import shared_mul, diamond, shared_intermediate, seed_gradient, order_deep  # noqa: E402
from shared_probes import composition  # noqa: E402


# -- each op alone at several points: diagnosis reads each op's local derivative off them (no test reads these) --

from local_probes import LOCAL, local_derivative_probes, local_mid_probes, local_pair_probes  # noqa: E402

local_derivative_probes(globals(), sorted(LOCAL))
local_mid_probes(globals(), sorted(LOCAL))  # each op in the middle of a graph: an op cut out of it
local_pair_probes(globals(), sorted(LOCAL))  # each op several times in one graph: an op that keeps state


# -- where each op's backward gives its inputs their gradients (diagnosis: a finding's line; no test reads it) --------

from local_probes import where_written_probe  # noqa: E402

where_written_probe(globals(), sorted(LOCAL))
