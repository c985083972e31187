"""Probes of 08-dual-numbers: the same expressions in forward mode (the student's Dual) and
reverse mode (the engine's Value.backward).

Each probe pushes a Dual seeded with derivative 1 through an expression and
runs the same expression on Values with backward(); the tests compare the
forward-mode derivative with the reference engine's reverse mode. A folder
submission has dual.py beside engine.py; a notebook puts everything into
engine.py, so `Dual` is looked up there when dual.py is missing.
"""


import math

import probekit
from probekit import module_of, number
from shared_probes import composition as _composition


def _ops_traced(probe):
    """Mark a probe whose expressions grader/judge/ops.py traces on the reference's Value and Dual, to learn the
    ops each uses: this suite charges each rule's mistake once (its OWN table)."""
    probe.traces_ops = True
    return probe


def _both(m, f, x):
    """f at x in forward mode (Dual) and in reverse mode (Value.backward)."""
    D = module_of(m, "dual").Dual
    out = f(D(x, 1.0))
    leaf = m.engine.Value(x)
    rev = f(leaf)
    rev.backward()
    return {"value": number(out.value, "value"), "derivative": number(out.deriv, "derivative"),
            "reverse": number(leaf.grad, "reverse-mode gradient")}


# -- one rule at a time ---------------------------------------------------------------------------


@probekit.modules
@_ops_traced
def add_mul(m):
    """f(x) = x * x * x + 2 * x at x = 2 (the product rule: (a, a')·(b, b') = (ab, a'b + ab'))"""
    return _both(m, lambda x: x * x * x + 2 * x, 2.0)


@probekit.modules
@_ops_traced
def constants(m):
    """f(x) = (x + 3) * (3 + x) - 4 * x at x = -1.5 (constants on either side)"""
    return _both(m, lambda x: (x + 3) * (3 + x) - 4 * x, -1.5)


@probekit.modules
@_ops_traced
def sub_neg(m):
    """f(x) = (2 - x) * (x - 2) - (-x) at x = 0.5"""
    return _both(m, lambda x: (2 - x) * (x - 2) - (-x), 0.5)


@probekit.modules
@_ops_traced
def division(m):
    """f(x) = x / (x * x + 1) + 2 / x at x = 0.8 (the quotient rule)"""
    return _both(m, lambda x: x / (x * x + 1) + 2 / x, 0.8)


@probekit.modules
@_ops_traced
def powers(m):
    """f(x) = (x / 2) ** 3 + (x / 2) ** 0.5 + (x / 2) ** -1 at x = 8 (each power times the inner derivative, 1/2)"""
    return _both(m, lambda x: (x / 2) ** 3 + (x / 2) ** 0.5 + (x / 2) ** -1, 8.0)


@probekit.modules
@_ops_traced
def exp_log(m):
    """f(x) = exp(x / 2) * log(x / 2) at x = 3 (each rule times the inner derivative, 1/2)"""
    return _both(m, lambda x: (x / 2).exp() * (x / 2).log(), 3.0)


@probekit.modules
def functions_apart(m):
    """exp, log, sin and cos of Dual(1.5, 0.5), each alone: which function a test's expression got wrong"""
    # not traced, and no other op (no `/`, no `*`): rule/exp-log and beyond/sin-cos read it to name the function
    D = module_of(m, "dual").Dual
    got = {}
    for name in ("exp", "log", "sin", "cos"):  # [value, derivative]; [] for one that is missing or raises
        try:
            out = getattr(D(1.5, 0.5), name)()
            got[name] = [number(out.value, name), number(out.deriv, name)]
        except Exception:
            got[name] = []
    return got


@probekit.modules
@_ops_traced
def dual_tanh(m):
    """f(x) = tanh(x / 2) at x = 4 (tanh'(2) ≈ 0.0707, times the inner derivative, 1/2)"""
    return _both(m, lambda x: (x / 2).tanh(), 4.0)


@probekit.modules
@_ops_traced
def relu_both_sides(m):
    """f(x) = relu(x * 3 - 1) + relu(-x) at x = 0.7"""
    return _both(m, lambda x: (x * 3 - 1).relu() + (-x).relu(), 0.7)


@probekit.modules
@_ops_traced
def dual_relu_negative(m):
    """f(x) = relu(x) * 5 at x = -0.3"""
    return _both(m, lambda x: x.relu() * 5, -0.3)


@probekit.modules
@_ops_traced
def dual_relu_zero(m):
    """f(x) = relu(x) * 5 + x at x = 0 (relu'(0) is 0)"""
    return _both(m, lambda x: x.relu() * 5 + x, 0.0)


# -- whole expressions ------------------------------------------------------------------------------


@probekit.modules
@_ops_traced
def dual_micrograd_sanity(m):
    """micrograd's sanity check in x: z = 2*x + 2 + x; q = relu(z) + z*x; h = relu(z*z); y = h + q + q*x at x = -4"""

    def f(x):
        z = 2 * x + 2 + x
        q = z.relu() + z * x
        h = (z * z).relu()
        return h + q + q * x

    return _both(m, f, -4.0)


@probekit.modules
@_ops_traced
def dual_tanh_neuron(m):
    """f(w) = tanh(2 * w + 0 * 1 + 6.8813735870195432) at w = -3 (a neuron, in its weight)"""
    return _both(m, lambda w: (2.0 * w + 0.0 * 1.0 + 6.8813735870195432).tanh(), -3.0)


@probekit.modules
@_ops_traced
def softplus(m):
    """f(x) = log(1 + exp(x)) / (x * x + 1) - x / 3 at x = 0.3"""
    return _both(m, lambda x: (1 + x.exp()).log() / (x * x + 1) - x / 3, 0.3)


@probekit.modules
@_ops_traced
def two_inputs(m):
    """f(a, b) = a * b + tanh(a - b) * b at a = 0.6, b = -1.1: one forward pass per input, one reverse pass"""
    D, V = module_of(m, "dual").Dual, m.engine.Value

    def f(a, b):
        return a * b + (a - b).tanh() * b

    da = f(D(0.6, 1.0), D(-1.1, 0.0))
    db = f(D(0.6, 0.0), D(-1.1, 1.0))
    a, b = V(0.6), V(-1.1)
    out = f(a, b)
    out.backward()
    return {"value": number(da.value, "value"), "df/da": number(da.deriv, "df/da (seeding a)"),
            "df/db": number(db.deriv, "df/db (seeding b)"),
            "reverse df/da": number(a.grad, "a.grad"), "reverse df/db": number(b.grad, "b.grad")}


# -- beyond Value ------------------------------------------------------------------------------------


@probekit.modules
@_ops_traced
def sin_cos(m):
    """sin(x / 2) and cos(x / 2) * x at x = 1.8"""
    D = module_of(m, "dual").Dual
    s = (D(1.8, 1.0) / 2).sin()
    c = (D(1.8, 1.0) / 2).cos() * D(1.8, 1.0)
    return {"sin value": number(s.value, "sin value"), "sin derivative": number(s.deriv, "sin derivative"),
            "cos(x) * x value": number(c.value, "cos(x) * x value"),
            "cos(x) * x derivative": number(c.deriv, "cos(x) * x derivative")}


@probekit.modules
@_ops_traced
def dual_powers(m):
    """x ** x and 2 ** (x / 2) at x = 1.5 (an exponent that depends on x, and a constant base)"""
    D = module_of(m, "dual").Dual
    xx = D(1.5, 1.0) ** D(1.5, 1.0)
    tx = 2 ** (D(1.5, 1.0) / 2)
    return {"x ** x": number(xx.value, "x ** x"), "d(x ** x)/dx": number(xx.deriv, "d(x ** x)/dx"),
            "2 ** x": number(tx.value, "2 ** x"), "d(2 ** x)/dx": number(tx.deriv, "d(2 ** x)/dx")}


@probekit.modules
def dual_powers_as_exp_log(m):
    """exp(x * log(x)) and exp(x / 2 * log(2)) at x = 1.5: x ** x and 2 ** (x / 2) built from exp and log"""
    # as the exercise says to build a ** b, with the student's own exp, log and `*` (not traced: dual_powers is
    # charged for its own ops; where its results equal these, what is wrong is exp's or log's doing, which the
    # grader decides); an exp or log that is missing or raises leaves its entry out. dual_powers' `2 ** x` is
    # 2 ** (x / 2), and so is this one (session 29: built at x, it never equalled an honest `**` of the student's own
    # exp, whose test was charged again, while a forged report could still claim it)
    D = module_of(m, "dual").Dual
    got = {}
    for name, build in (("x ** x", lambda: (D(1.5, 1.0) * D(1.5, 1.0).log()).exp()),
                        ("2 ** x", lambda: (D(1.5, 1.0) / 2 * math.log(2)).exp())):
        try:
            alt = build()
            got[name] = [number(alt.value, name), number(alt.deriv, name)]
        except Exception:
            pass
    return got


@probekit.modules
@_ops_traced
def derivative_function(m):
    """derivative(f, x) for f(x) = x ** 3 at 2, f(x) = sin(x) * exp(x) at 0 and f(x) = 7 (a constant) at 1"""
    dual = module_of(m, "dual")
    return {
        "x ** 3 at 2": number(dual.derivative(lambda x: x**3, 2.0), "derivative of x ** 3 at 2"),
        "sin(x) * exp(x) at 0": number(dual.derivative(lambda x: x.sin() * x.exp(), 0.0),
                                       "derivative of sin(x) * exp(x) at 0"),
        "7 at 1": number(dual.derivative(lambda x: 7, 1.0), "derivative of 7 at 1"),
    }


# -- which of its own ops each of the Dual's ops calls (grader/judge/composition.py judges it) --------------


@probekit.modules
def dual_composition(m):
    """each op of Dual once at a = 0.7, b = 1.3, with the calls it makes to the Dual's own ops"""
    return _composition(module_of(m, "dual").Dual, field="value")
