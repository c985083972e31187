"""Probes of 04-more-ops: each new operation on its own, then the derived ones in use."""

from probekit import grads, number, with_numeric


# -- powers ---------------------------------------------------------------------------------


from shared_probes import pow_cube, pow_square, pow_fractional


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


from shared_probes import shared_mul, diamond, shared_intermediate, seed_gradient  # noqa: E402
from shared_probes import composition  # noqa: E402


# -- each op alone at several points: diagnosis reads each op's local derivative off them (no test reads these) --

from local_probes import LOCAL, local_derivative_probes, local_mid_probes, local_pair_probes  # noqa: E402

local_derivative_probes(globals(), sorted(LOCAL))
local_mid_probes(globals(), sorted(LOCAL))  # each op in the middle of a graph: an op cut out of it
local_pair_probes(globals(), sorted(LOCAL))  # each op several times in one graph: an op that keeps state
