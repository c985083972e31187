"""Hidden tests of 06-gradcheck: the student's numerical_grad and gradcheck.

The numeric derivatives are checked against the functions' exact derivatives
(math, not the reference); gradcheck's verdicts against what they must be.
"""

import math

from grader.i18n import msg
from grader.judge import (
    SLOPE_DIGITS, assert_values, close, fmt, fmt_slope, from_scratch_test, import_test, Mismatch, points, suite_probes,
)

p = suite_probes(__file__)

# numerical_grad with h = 1e-6 is within 1e-10 of the exact derivative on these
# functions here; on another machine, whose exp, sin and log differ in their last
# bits, within 7.1e-10 (exp at 1: the worst of 2,000 libms 4 ulps away from this
# one, tests/test_other_machine.py), so 2e-9 leaves 2.8x there, and 4 ulps are
# twice what CPUs are seen to disagree by. 2e-9 relative admits any h from about
# 3e-8 to 5e-5 and refuses 1e-3 (truncation, h² f''' / 6 ≈ 1e-6) and 1e-10
# (cancellation, eps f / h ≈ 1e-7).
NUMERIC_REL = 2e-9

EXACT = {
    "exp at 1": math.e,
    "x**3 at 2": 12.0,
    "sin at 0.5": math.cos(0.5),
    "3x**2 at 2": 12.0,
    "log at 0.5": 2.0,
}


test_imports = import_test(__file__)
test_from_scratch = from_scratch_test(__file__)


# -- numerical_grad ---------------------------------------------------------------------------


@points(3, concept="gradcheck", name="numerical/known-functions")
def test_numerical_known(observe):
    """numerical_grad with its default h is within 2e-9 of the exact derivative"""
    got = observe(p.numerical_known)
    for case, exact in EXACT.items():
        if not close(got[case], exact, rel=NUMERIC_REL, abs_=0.0):
            raise Mismatch(msg(
                "numerical_grad for {case}: expected {expected} to within {tolerance} relative, got {got}. Central "
                "differences, (f(x + h) - f(x - h)) / 2h with h near 1e-6, get there; a one-sided difference or an h "
                "far from 1e-6 does not.", case=_case(case), expected=fmt(exact), tolerance=f"{NUMERIC_REL:g}",
                got=fmt_slope(got[case])))


@points(2, concept="gradcheck", name="numerical/given-h")
def test_numerical_given_h(observe, expect):
    """numerical_grad uses the h it is given, on both sides of x"""
    got, want = observe(p.numerical_given_h), expect(p.numerical_given_h)
    assert_values(got, want, probe=p.numerical_given_h, rel=1e-12, abs_=1e-12)


# -- gradcheck: correct gradients pass ----------------------------------------------------------


def _case(case: str):
    """A case's name (`exp at 1`, a probe's key) as the feedback words it: the function and the point stay code."""
    function, at, x = case.rpartition(" at ")
    return msg("{function} at {x}", function=function, x=x) if at else case


def _verdicts(got, want, probe, expected_ok):
    cases = [k[: -len(".ok")] for k in want if k.endswith(".ok")]
    for case in cases:
        if got[f"{case}.ok"] != float(expected_ok):
            numbers = dict(case=_case(case), ok=bool(got[f"{case}.ok"]), analytic=fmt(got[f"{case}.analytic"]),
                           numeric=fmt_slope(got[f"{case}.numeric"]))
            if expected_ok:
                raise Mismatch(msg("gradcheck for {case} fails (ok={ok}; analytic {analytic}, numeric {numeric}), but "
                                   "backprop and the numeric slope agree here", **numbers))
            raise Mismatch(msg("gradcheck for {case} passes (ok={ok}; analytic {analytic}, numeric {numeric}), but "
                               "backprop's gradient is wrong here, and gradcheck is there to catch that", **numbers))
    for case in cases:
        what = msg("gradcheck for {case}", case=_case(case))
        assert_values(got, want, keys=[f"{case}.analytic"], what=what, rel=1e-9)
        assert_values(got, want, keys=[f"{case}.numeric"], what=what, rel=1e-7, abs_=1e-9,
                      digits=SLOPE_DIGITS)


@points(2, concept="gradcheck", name="gradcheck/correct-gradients")
def test_gradcheck_correct(observe, expect):
    """gradcheck passes correct gradients and reports backprop's and the numeric derivative"""
    _verdicts(observe(p.gradcheck_correct), expect(p.gradcheck_correct), p.gradcheck_correct, True)


@points(1, concept="gradcheck", name="gradcheck/zero-gradient")
def test_gradcheck_zero(observe, expect):
    """gradcheck passes a gradient that is exactly 0 (a relative test alone cannot)"""
    _verdicts(observe(p.gradcheck_zero), expect(p.gradcheck_zero), p.gradcheck_zero, True)


@points(1, concept="gradcheck", name="gradcheck/large-gradients", visibility="hidden")
def test_gradcheck_steep(observe, expect):
    """gradcheck passes correct gradients in the hundreds (an absolute test alone cannot)"""
    _verdicts(observe(p.gradcheck_steep), expect(p.gradcheck_steep), p.gradcheck_steep, True)


# -- gradcheck: wrong gradients fail ---------------------------------------------------------------


@points(2, concept="gradcheck", name="gradcheck/lost-path")
def test_gradcheck_lost_path(observe, expect):
    """gradcheck fails a gradient that lost one of two paths"""
    _verdicts(observe(p.gradcheck_lost_path), expect(p.gradcheck_lost_path), p.gradcheck_lost_path, False)


@points(1, concept="gradcheck", name="gradcheck/detached", visibility="hidden")
def test_gradcheck_detached(observe, expect):
    """gradcheck fails a gradient of 0 where the slope is 12"""
    _verdicts(observe(p.gradcheck_detached), expect(p.gradcheck_detached), p.gradcheck_detached, False)


@points(2, concept="gradcheck", name="gradcheck/half-a-percent", visibility="hidden")
def test_gradcheck_slightly_wrong(observe, expect):
    """gradcheck fails a gradient that is off by 0.5% (they should agree to a small fraction of a percent)"""
    _verdicts(observe(p.gradcheck_slightly_wrong), expect(p.gradcheck_slightly_wrong),
              p.gradcheck_slightly_wrong, False)
