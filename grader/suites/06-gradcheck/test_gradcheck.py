"""Hidden tests of 06-gradcheck: the student's numerical_grad and gradcheck.

The numeric derivatives are checked against the functions' exact derivatives
(math, not the reference); gradcheck's verdicts against what they must be.
"""

import math
from pathlib import Path

from grader.distribution import instructor_part_installed
from grader.i18n import msg
from grader.judge import (
    SLOPE_DIGITS, assert_values, close, fmt, fmt_slope, from_scratch_test, import_test, Mismatch, observed_or_none,
    points, suite_probes,
)
from grader.judge.charging import Excused
from grader.judge.differences import formula as _formula
from grader.judge.differences import one_sided as _one_sided
from grader.judge.differences import unbracketed as _unbracketed
from grader.suites import suite_module

p = suite_probes(__file__)
# the named analytic mistakes, replayed on the reference (the instructor's): a student's install excuses any
mistakes = suite_module(Path(__file__).parent, "mistakes") if instructor_part_installed() else None

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
    given = observed_or_none(observe, p.numerical_given_h)
    for case, exact in EXACT.items():
        if not close(got[case], exact, rel=NUMERIC_REL, abs_=0.0):
            formula = (_formula(given) or _unbracketed(given)) if given is not None else None
            if formula is not None:  # the formula its numbers are, read where the h is given
                raise Mismatch(msg(
                    "numerical_grad for {case}: expected {expected} to within {tolerance} relative, got {got}. With "
                    "the h given, your numerical_grad computes {formula}: central differences are (f(x + h) - "
                    "f(x - h)) / 2h, with h near 1e-6.", case=_case(case), expected=fmt(exact),
                    tolerance=f"{NUMERIC_REL:g}", got=fmt_slope(got[case]), formula=formula))
            raise Mismatch(msg(
                "numerical_grad for {case}: expected {expected} to within {tolerance} relative, got {got}. Central "
                "differences, (f(x + h) - f(x - h)) / 2h with h near 1e-6, get there; a one-sided difference or an h "
                "far from 1e-6 does not.", case=_case(case), expected=fmt(exact), tolerance=f"{NUMERIC_REL:g}",
                got=fmt_slope(got[case])))


def _known_wrong(known):
    """Whether numerical/known-functions charges these numbers (some case off the exact derivative)."""
    return known is not None and not all(
        isinstance(known.get(case), float) and close(known[case], exact, rel=NUMERIC_REL, abs_=0.0)
        for case, exact in EXACT.items())


def _ratio(known):
    """c where numerical_grad's every known derivative is c times the exact one (to NUMERIC_IN_GRADCHECK) and c
    is not 1 (twice the slope, half of it, its opposite: a formula numerical/known-functions charges), else None.
    gradcheck takes its numeric derivative with numerical_grad and its default h, as these cases do."""
    if not _known_wrong(known):
        return None
    ratios = [known[case] / exact for case, exact in EXACT.items()]
    c = ratios[0]
    if (not math.isfinite(c) or c == 0 or close(c, 1.0, rel=NUMERIC_IN_GRADCHECK, abs_=0.0)
            or not all(close(r, c, rel=NUMERIC_IN_GRADCHECK, abs_=0.0) for r in ratios)):
        return None
    return c


@points(2, concept="gradcheck", name="numerical/given-h")
def test_numerical_given_h(observe, expect):
    """numerical_grad uses the h it is given, on both sides of x, and gradcheck passes its own h on"""
    known = observed_or_none(observe, p.numerical_known)
    got, want = observe(p.numerical_given_h), expect(p.numerical_given_h)
    try:
        assert_values(got, want, probe=p.numerical_given_h, rel=1e-12, abs_=1e-12)
    except Mismatch:
        # the h given, on one side of x only: numerical/known-functions charges one-sidedness, with any h
        if _known_wrong(known) and _one_sided(got):
            raise Excused(msg("Not charged again: every derivative here is a one-sided difference with the h "
                              "given, which numerical/known-functions already charges.")) from None
        # another formula of the catalogue, taken with the h given each time: the same mistake as known-functions'
        formula = _formula(got) if _known_wrong(known) else None
        if formula is not None:
            raise Excused(msg("Not charged again: every derivative here is {formula} with the h given, which "
                              "numerical/known-functions already charges.", formula=formula)) from None
        raise


# -- gradcheck: correct gradients pass ----------------------------------------------------------


def _case(case: str):
    """A case's name (`exp at 1`, a probe's key) as the feedback words it: the function and the point stay code."""
    function, at, x = case.rpartition(" at ")
    return msg("{function} at {x}", function=function, x=x) if at else case


# gradcheck's defaults, which the probes use: the verdict its own two numbers call for
RTOL, ATOL = 1e-5, 1e-7
# How close gradcheck's numeric derivative must be to the reference's. Loose: the accuracy of numerical_grad
# is numerical/known-functions' to charge (a one-sided difference is off by ~1e-6 relative here, 2e-5 on
# 1 / x at 0.05), and each gradcheck test then judges the verdict that gradcheck's own numbers call for, not
# charging that mistake again; a numeric derivative that is not one at all is off by far more.
NUMERIC_IN_GRADCHECK = 1e-4


def _shown(x):
    """A slope as a message shows it; one too small for fmt_slope's ten decimals (h² = 1e-12) to 3 digits."""
    return f"{x:.3g}" if x != 0 and abs(x) < 1e-9 else fmt_slope(x)


def _signed(got, case):
    """Whether gradcheck's abs_diff for `case` is a signed difference, analytic - numeric or numeric - analytic
    (abs() left out): negative, and the difference of its own two numbers."""
    diff, analytic, numeric = got.get(f"{case}.abs_diff"), got[f"{case}.analytic"], got[f"{case}.numeric"]
    return diff is not None and diff < 0 and any(close(diff, d, rel=1e-9, abs_=1e-12)
                                                 for d in (analytic - numeric, numeric - analytic))


# A signed difference passes every wrong gradient on one side of the numeric one: charged once, by the first test
# whose wrong gradient is on that side (lost-path's is too small, half-a-percent has one too large)
SIGNED_CHARGED_BY = "gradcheck/lost-path"


def _signed_charged_elsewhere(observe, test):
    """Whether gradcheck/lost-path, not `test`, charges a signed difference: its observation shows one."""
    if test == SIGNED_CHARGED_BY:
        return False
    seen = observed_or_none(observe, p.gradcheck_lost_path)
    return seen is not None and any(_signed(seen, k[: -len(".ok")]) and seen[k] == 1.0
                                    for k in seen if k.endswith(".ok"))


# An analytic derivative that is not backprop's (backward() called twice, the gradient read from another node) is
# wrong in every gradcheck test: charged once, by the first test that reads one
ANALYTIC_CHARGED_BY = "gradcheck/correct-gradients"


def _analytic_off(got, want):
    """Whether some case's analytic derivative is not the one backward() gives from a fresh leaf."""
    return any(not isinstance(got.get(k), float) or not close(got[k], want[k], rel=1e-9)
               for k in want if k.endswith(".analytic"))


def _analytic_mistake(got, want, probe, first=None):
    """The named mistake (mistakes.py; `first` if it is one) whose analytic derivatives on `probe` gradcheck's are,
    where they are not backprop's (True in a student's install, which has no reference to replay them on); else
    None. Not one made otherwise (session 27: the numeric derivative nudged, which sets the verdicts at will)."""
    if not _analytic_off(got, want):
        return None
    return mistakes.named(probe, got, 1e-9, first) if mistakes else True


def _analytic_charged_elsewhere(observe, expect, test):
    """The analytic mistake gradcheck/correct-gradients, not `test`, charges (`_analytic_mistake`), or None."""
    if test == ANALYTIC_CHARGED_BY:
        return None
    seen = observed_or_none(observe, p.gradcheck_correct)
    return None if seen is None else _analytic_mistake(seen, expect(p.gradcheck_correct), p.gradcheck_correct)


def _analytic_never_computed(got, want, cases):
    """A Mismatch where every case's analytic derivative is 0 and backprop's is not 0 somewhere: gradcheck read the
    leaf's grad before backward() ran on f's output, or without it (session 26: "tanh at 0.5.analytic ...: expected
    0.786447733, got 0.0" alone). The test fails on these numbers either way; this says why."""
    if not all(got.get(f"{c}.analytic") == 0 for c in cases):
        return
    case = next((c for c in cases if want[f"{c}.analytic"] != 0), None)
    if case is not None:
        raise Mismatch(msg("gradcheck for {case}: the analytic derivative is 0.0, not {expected}, and it is 0 at every "
                           "point tried: gradcheck reads the leaf's grad before backward() has run on f's output. "
                           "Call `out.backward()` on `out = f(leaf)`, then read `leaf.grad`", case=_case(case),
                           expected=fmt(want[f"{case}.analytic"])))


def _verdicts(got, want, probe, expected_ok, excuse_signed=False, ratio=None, excuse_analytic=None):
    """gradcheck's two derivatives are backprop's and a numeric one, and its verdict is the one they call for:
    `expected_ok` where they are the reference's; where the numeric one is off (within NUMERIC_IN_GRADCHECK,
    a numerical_grad mistake charged by its own tests), the verdict of the formula on the student's numbers.
    A wrong gradient passed by a signed difference (abs() left out of abs_diff) is said so, and excused where
    `excuse_signed` (gradcheck/lost-path already charges it). `ratio`: c where numerical_grad's derivatives are c
    times the slope (`_ratio`): numeric derivatives c times the reference's are numerical_grad's mistake, which
    numerical/known-functions charges, and the verdicts are judged on the student's own numbers. Where
    `excuse_analytic` (the analytic mistake gradcheck/correct-gradients already charges) and this probe's analytic
    derivatives are that mistake's, they are not compared: the verdicts are judged on the student's own numbers,
    and a test that finds nothing else says so."""
    cases = [k[: -len(".ok")] for k in want if k.endswith(".ok")]
    scaled = False  # some numeric derivative is c times the reference's, not the reference's
    excused = excuse_analytic is not None and _analytic_mistake(got, want, probe, excuse_analytic) == excuse_analytic
    if excused:
        expected_ok = None  # the student's analytic derivatives are not backprop's: only their own numbers count
    if not excused:
        _analytic_never_computed(got, want, cases)
    for case in cases:
        what = msg("gradcheck for {case}", case=_case(case))
        if not excused:
            assert_values(got, want, keys=[f"{case}.analytic"], what=what, rel=1e-9)
        try:
            assert_values(got, want, keys=[f"{case}.numeric"], what=what, rel=NUMERIC_IN_GRADCHECK, abs_=1e-9,
                          digits=SLOPE_DIGITS)
        except Mismatch:
            if ratio is None or not close(got[f"{case}.numeric"], ratio * want[f"{case}.numeric"],
                                          rel=NUMERIC_IN_GRADCHECK, abs_=1e-9 * max(1.0, abs(ratio))):
                raise
            scaled = True
    signed = None  # the first wrong gradient passed by a signed difference, judged once the others are
    for case in cases:
        analytic, numeric = got[f"{case}.analytic"], got[f"{case}.numeric"]
        called_for = abs(analytic - numeric) <= ATOL + RTOL * max(abs(analytic), abs(numeric))
        if got[f"{case}.ok"] == float(called_for):
            continue
        numbers = dict(case=_case(case), ok=bool(got[f"{case}.ok"]), analytic=fmt(analytic), numeric=_shown(numeric))
        if (called_for == expected_ok and expected_ok and not got[f"{case}.ok"]
                and abs(analytic - numeric) <= RTOL * max(abs(analytic), abs(numeric))):
            # session 27: a check that fails where its relative part alone passes is not missing its atol (a check
            # `ok = analytic == numeric` was told "Where the gradient is 0, no relative test can pass")
            raise Mismatch(msg("gradcheck for {case} fails (ok={ok}; analytic {analytic}, numeric {numeric}), but "
                               "backprop and the numeric slope agree here: they differ by {diff}, well within "
                               "`rtol = {rtol}` of the larger. Your check asks for more than the tolerance (an exact "
                               "`==`, or a tolerance far below the one given): the numeric slope is only close to "
                               "the gradient, never equal to it. Pass when `abs_diff <= atol + rtol * "
                               "max(|analytic|, |numeric|)`", diff=f"{abs(analytic - numeric):.1g}",
                               rtol=f"{RTOL:g}", **numbers))
        if called_for == expected_ok and expected_ok and abs(analytic - numeric) <= ATOL and not got[f"{case}.ok"]:
            # session 26: the words below alone, for a gradcheck whose test is relative only (no atol)
            raise Mismatch(msg("gradcheck for {case} fails (ok={ok}; analytic {analytic}, numeric {numeric}), but "
                               "backprop and the numeric slope agree here: they differ by less than `atol = {atol}`. "
                               "Where the gradient is 0, no relative test can pass: the check needs its absolute "
                               "part, `abs_diff <= atol + rtol * max(|analytic|, |numeric|)`", atol=f"{ATOL:g}",
                               **numbers))
        if called_for == expected_ok and expected_ok:
            raise Mismatch(msg("gradcheck for {case} fails (ok={ok}; analytic {analytic}, numeric {numeric}), but "
                               "backprop and the numeric slope agree here", **numbers))
        if called_for == expected_ok and _signed(got, case):
            signed = signed or (case, numbers)
            continue
        if called_for == expected_ok:
            raise Mismatch(msg("gradcheck for {case} passes (ok={ok}; analytic {analytic}, numeric {numeric}), but "
                               "backprop's gradient is wrong here, and gradcheck is there to catch that", **numbers))
        raise Mismatch(msg("gradcheck for {case} gives ok={ok} (analytic {analytic}, numeric {numeric}), but its own "
                           "two numbers call for ok={called_for}: `abs_diff <= atol + rtol * max(|analytic|, |numeric|)`",
                           called_for=called_for, **numbers))
    if excused:
        raise Excused(msg("Not charged again: gradcheck's analytic derivative is not the gradient that one backward() "
                          "gives from a fresh leaf, which {test} already charges.", test=ANALYTIC_CHARGED_BY))
    if signed is not None:
        case, numbers = signed
        if excuse_signed:
            raise Excused(msg("Not charged again: gradcheck's abs_diff is a signed difference, without abs(), "
                              "which {test} already charges.", test=SIGNED_CHARGED_BY))
        raise Mismatch(msg("gradcheck for {case} passes (ok={ok}; analytic {analytic}, numeric {numeric}), but "
                           "backprop's gradient is wrong here: its abs_diff, {diff}, is a signed difference, without "
                           "abs(), and a negative difference is always within the tolerance",
                           diff=fmt(got[f"{case}.abs_diff"]), **numbers))
    if scaled:
        raise Excused(msg("Not charged again: gradcheck's numeric derivatives are {ratio} times the slope, as your "
                          "numerical_grad's are, which numerical/known-functions already charges; its verdicts are "
                          "the ones its own two numbers call for.", ratio=f"{ratio:.6g}"))


def _rel_diffs(got):
    """Each case's rel_diff is its abs_diff over max(|analytic|, |numeric|), on the student's own numbers (their
    abs_diff where they give one: a signed one is gradcheck/lost-path's to charge). gradcheck/half-a-percent reads it,
    where backprop's gradient is 0.5% too small and 0.5% too large: there a rel_diff over |analytic| alone, |numeric|
    alone, the smaller or the mean of the two is off by about 0.5% of itself."""
    for case in [k[: -len(".rel_diff")] for k in got if k.endswith(".rel_diff")]:
        analytic, numeric = got[f"{case}.analytic"], got[f"{case}.numeric"]
        scale = max(abs(analytic), abs(numeric))
        diff = got.get(f"{case}.abs_diff", abs(analytic - numeric))
        expected = diff / scale if scale > 0 else 0.0
        if not close(got[f"{case}.rel_diff"], expected, rel=1e-9, abs_=1e-15):
            raise Mismatch(msg("gradcheck for {case}: `rel_diff` is {got}, but `abs_diff / max(|analytic|, "
                               "|numeric|)` is {expected} (analytic {analytic}, numeric {numeric})", case=_case(case),
                               got=fmt(got[f"{case}.rel_diff"]), expected=fmt(expected), analytic=fmt(analytic),
                               numeric=_shown(numeric)))


def _known_ratio(observe):
    """`_ratio` of numerical_known, read by every gradcheck test on every engine."""
    return _ratio(observed_or_none(observe, p.numerical_known))


@points(2, concept="gradcheck", name="gradcheck/correct-gradients")
def test_gradcheck_correct(observe, expect):
    """gradcheck passes correct gradients and reports backprop's and the numeric derivative"""
    _verdicts(observe(p.gradcheck_correct), expect(p.gradcheck_correct), p.gradcheck_correct, True,
              ratio=_known_ratio(observe))


@points(1, concept="gradcheck", name="gradcheck/zero-gradient")
def test_gradcheck_zero(observe, expect):
    """gradcheck passes a gradient that is exactly 0 (a relative test alone cannot)"""
    _verdicts(observe(p.gradcheck_zero), expect(p.gradcheck_zero), p.gradcheck_zero, True, ratio=_known_ratio(observe),
              excuse_analytic=_analytic_charged_elsewhere(observe, expect, "gradcheck/zero-gradient"))


@points(1, concept="gradcheck", name="gradcheck/large-gradients", visibility="hidden")
def test_gradcheck_steep(observe, expect):
    """gradcheck passes correct gradients in the hundreds (an absolute test alone cannot)"""
    _verdicts(observe(p.gradcheck_steep), expect(p.gradcheck_steep), p.gradcheck_steep, True,
              ratio=_known_ratio(observe),
              excuse_analytic=_analytic_charged_elsewhere(observe, expect, "gradcheck/large-gradients"))


# -- gradcheck: wrong gradients fail ---------------------------------------------------------------


@points(2, concept="gradcheck", name="gradcheck/lost-path")
def test_gradcheck_lost_path(observe, expect):
    """gradcheck fails a gradient that lost one of two paths"""
    _verdicts(observe(p.gradcheck_lost_path), expect(p.gradcheck_lost_path), p.gradcheck_lost_path, False,
              ratio=_known_ratio(observe),
              excuse_analytic=_analytic_charged_elsewhere(observe, expect, "gradcheck/lost-path"))


@points(1, concept="gradcheck", name="gradcheck/detached", visibility="hidden")
def test_gradcheck_detached(observe, expect):
    """gradcheck fails a gradient of 0 where the slope is 12"""
    excuse = _signed_charged_elsewhere(observe, "gradcheck/detached")
    _verdicts(observe(p.gradcheck_detached), expect(p.gradcheck_detached), p.gradcheck_detached, False, excuse,
              ratio=_known_ratio(observe),
              excuse_analytic=_analytic_charged_elsewhere(observe, expect, "gradcheck/detached"))


@points(2, concept="gradcheck", name="gradcheck/half-a-percent", visibility="hidden")
def test_gradcheck_slightly_wrong(observe, expect):
    """gradcheck fails a gradient that is off by 0.5%, too small or too large (they should agree to a small fraction of a percent)"""
    excuse = _signed_charged_elsewhere(observe, "gradcheck/half-a-percent")
    _rel_diffs(observe(p.gradcheck_slightly_wrong))
    _verdicts(observe(p.gradcheck_slightly_wrong), expect(p.gradcheck_slightly_wrong),
              p.gradcheck_slightly_wrong, False, excuse, ratio=_known_ratio(observe),
              excuse_analytic=_analytic_charged_elsewhere(observe, expect, "gradcheck/half-a-percent"))
