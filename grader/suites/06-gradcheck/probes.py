"""Probes of 06-gradcheck: the student's numerical_grad and gradcheck on known functions.

Every probe takes the student's modules. A folder submission has gradcheck.py
beside engine.py; a notebook puts everything into engine.py, so the functions
are looked up there when gradcheck.py is missing.
"""

import math

import probekit
from probekit import module_of, number


def _result(r, name):
    """The fields of a GradcheckResult as plain numbers (ok as 1.0 or 0.0), and its abs_diff and rel_diff where each
    is a number (what a wrong verdict was decided on; a result without one is judged by the other three alone)."""
    ok = r.ok
    if type(ok) is not bool:
        raise probekit.ObservationError("{name}: gradcheck(...).ok is a {type}, not True or False", name=name,
                                        type=type(ok).__name__)
    got = {f"{name}.ok": number(ok, f"{name}.ok"), f"{name}.analytic": number(r.analytic, f"{name}.analytic"),
           f"{name}.numeric": number(r.numeric, f"{name}.numeric")}
    for field in ("abs_diff", "rel_diff"):
        try:
            got[f"{name}.{field}"] = number(getattr(r, field), f"{name}.{field}")
        except Exception:  # not there, or not a number: not this probe's to charge
            pass
    return got


# -- numerical_grad ---------------------------------------------------------------------------


@probekit.modules
def numerical_known(m):
    """numerical_grad(f, x) with its default h: exp at 1, x**3 at 2, sin at 0.5, 3x**2 at 2, log at 0.5"""
    ng = module_of(m, "gradcheck").numerical_grad
    return {
        "exp at 1": number(ng(math.exp, 1.0), "exp at 1"),
        "x**3 at 2": number(ng(lambda x: x**3, 2.0), "x**3 at 2"),
        "sin at 0.5": number(ng(math.sin, 0.5), "sin at 0.5"),
        "3x**2 at 2": number(ng(lambda x: 3 * x**2, 2.0), "3x**2 at 2"),
        "log at 0.5": number(ng(math.log, 0.5), "log at 0.5"),
    }


@probekit.modules
def numerical_given_h(m):
    """numerical_grad(exp, 0, h=0.01), numerical_grad(x**2, 3, h=0.5) and gradcheck(x**3, 1, h=0.1): the h given, both sides of x"""
    module = module_of(m, "gradcheck")
    ng = module.numerical_grad
    return {
        "exp at 0, h=0.01": number(ng(math.exp, 0.0, h=0.01), "exp at 0, h=0.01"),
        "x**2 at 3, h=0.5": number(ng(lambda x: x * x, 3.0, h=0.5), "x**2 at 3, h=0.5"),
        "x**3 at 1, h=0.1": number(ng(lambda x: x**3, 1.0, 0.1), "x**3 at 1, h=0.1"),
        "gradcheck x**3 at 1, h=0.1": number(module.gradcheck(lambda x: x**3, 1.0, h=0.1).numeric,
                                             "gradcheck(x**3, 1, h=0.1).numeric"),
    }


# -- gradcheck on correct gradients ------------------------------------------------------------


@probekit.modules
def gradcheck_correct(m):
    """gradcheck on tanh at 0.5, x**3 at 2, exp(x) * log(x) at 1.5, (x*x + 1)**0.5 / x at 0.7"""
    gc = module_of(m, "gradcheck").gradcheck
    return {
        **_result(gc(lambda x: x.tanh(), 0.5), "tanh at 0.5"),
        **_result(gc(lambda x: x**3, 2.0), "x**3 at 2"),
        **_result(gc(lambda x: x.exp() * x.log(), 1.5), "exp(x) * log(x) at 1.5"),
        **_result(gc(lambda x: (x * x + 1) ** 0.5 / x, 0.7), "(x*x + 1)**0.5 / x at 0.7"),
    }


@probekit.modules
def gradcheck_zero(m):
    """gradcheck on relu(x) * 3 at -1.5, where both gradients are exactly 0, and x**3 at 0, where only backprop's is"""
    gc = module_of(m, "gradcheck").gradcheck
    return {**_result(gc(lambda x: x.relu() * 3, -1.5), "relu(x) * 3 at -1.5"),
            **_result(gc(lambda x: x**3, 0.0), "x**3 at 0")}


@probekit.modules
def gradcheck_steep(m):
    """gradcheck on exp(3x) at 2 and 1 / x at 0.05, where the gradients are large"""
    gc = module_of(m, "gradcheck").gradcheck
    return {
        **_result(gc(lambda x: (x * 3).exp(), 2.0), "exp(3x) at 2"),
        **_result(gc(lambda x: 1 / x, 0.05), "1 / x at 0.05"),
    }


# -- gradcheck on wrong gradients ---------------------------------------------------------------
# Built with the engine's public API only: a Value made from another's .data is
# a constant to backward(), so the path through it is lost.


@probekit.modules
def gradcheck_lost_path(m):
    """gradcheck on x * Value(x.data) at 1.5: the forward pass is x², the backward pass loses one path"""
    gc, V = module_of(m, "gradcheck").gradcheck, m.engine.Value
    return _result(gc(lambda x: x * V(x.data), 1.5), "x * Value(x.data) at 1.5")


@probekit.modules
def gradcheck_detached(m):
    """gradcheck on Value(x.data ** 3) + x * 0 at 2: the forward pass is x³, backward() sees a constant"""
    gc, V = module_of(m, "gradcheck").gradcheck, m.engine.Value
    return _result(gc(lambda x: V(x.data**3) + x * 0, 2.0), "Value(x.data ** 3) + x * 0 at 2")


@probekit.modules
def gradcheck_slightly_wrong(m):
    """gradcheck at 1.2 on x * Value(0.01 * x.data) + 0.99 * x * x (backward() 0.5% too small) and 1.01 * x * x - x * Value(0.01 * x.data) (0.5% too large)"""
    gc, V = module_of(m, "gradcheck").gradcheck, m.engine.Value
    return {**_result(gc(lambda x: x * V(0.01 * x.data) + 0.99 * x * x, 1.2),
                      "x * Value(0.01 * x.data) + 0.99 * x * x at 1.2"),
            **_result(gc(lambda x: 1.01 * x * x - x * V(0.01 * x.data), 1.2),
                      "1.01 * x * x - x * Value(0.01 * x.data) at 1.2")}
