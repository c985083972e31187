"""Hidden tests of 10-neuron: the student's neuron gradients against PyTorch's, and their comparison function.

The engine is given complete; every test with points calls the student's
neuron.py. Gradients are compared with PyTorch's stored results for the same
neuron (`torch_...` probes), the comparison function with what a relative
difference must be.
"""

from grader.i18n import msg
from grader.judge import (
    ABS_TOL, REL_TOL, assert_values, check, close, expression_of, fmt, from_scratch_test, import_test, Mismatch,
    observed_or_none, points, suite_probes,
)
from grader.judge.charging import Excused

p = suite_probes(__file__)

# A relative difference may be taken against the larger of the two numbers (as the README defines it) or
# against the reference's: |g - r| / max(|g|, |r|) and |g - r| / |r| differ by a factor between 1 and
# max/min. A planted difference is "reported" when the result lies between the two, give or take a
# millionth for rounding; a sum or a mean over the gradients does not.
ROUNDING = 1e-6

# The cases of the probes' results (their keys), as a failure message names them
EQUAL_SETS = {"equal": msg("for two equal sets of gradients"), "all zeros": msg("for two sets of zeros"),
              "some zeros": msg("for two equal sets of gradients with zeros")}
ONE_ZERO = {"0 against 0.001": msg("{value} against {reference}", value="0", reference="0.001"),
            "0.001 against 0": msg("{value} against {reference}", value="0.001", reference="0")}


test_imports = import_test(__file__)
test_from_scratch = from_scratch_test(__file__)


# -- the gradients, against PyTorch's ---------------------------------------------------------------


def _doubled(got, want) -> bool:
    """Whether GOT's gradients are what two backward() passes give, against PyTorch's in WANT (`_passes`)."""
    return _passes(got, want) is not None


def _passes(got, want) -> str | None:
    """"one graph" where GOT's gradients are what a backward() run twice over one neuron gives, against PyTorch's in
    WANT (within the tolerance; the zeros zero), one at least not 0: the second run sets y's gradient to 1 again and
    adds to what the first left in every node, so a node at depth d below y holds d + 1 times its gradient (a leaf
    under w1*x1 inside the sum inside relu: 5 times; b: 3 times), every gradient a whole multiple, 2 or more, and
    those multiples the depths of one neuron's graph (`_one_graph`); "two graphs" where every gradient is exactly
    twice PyTorch's, as when two graphs built on the same leaves each run backward() once; else None. A neuron whose
    gradients are all 0 there (relu/zero-input, relu/negative) passes; one with a second mistake beside (b added
    twice, three runs) is neither (session 40: before, any whole multiples were named a backward() run twice)."""
    if not isinstance(got, dict) or not any(w != 0 for w in want.values()):
        return None
    neurons: dict = {}
    for key, w in want.items():
        g = got.get(key)
        if not isinstance(g, (int, float)) or isinstance(g, bool) or g != g or abs(g) == float("inf"):
            return None
        times = round(g / w) if w != 0 else 0
        if (w != 0 and times < 2) or not close(g, times * w, REL_TOL, ABS_TOL):
            return None
        point, _, name = key.rpartition("dy/d")  # "point 2: dy/dw1": one neuron's leaf among several
        if w != 0:
            neurons.setdefault(point, {})[name] = times
    if all(set(times.values()) == {2} for times in neurons.values()):
        return "two graphs"
    return "one graph" if all(_one_graph(times) for times in neurons.values()) else None


def _one_graph(times) -> bool:
    """Whether TIMES ({"x1": 5, "w1": 5, "b": 3, ...}; a zero gradient's leaf left out) are the multiples a second
    backward() gives over one neuron y = act(s), s a tree of `+` over w1*x1, w2*x2 and b (in any order, `sum()`'s 0
    maybe one more leaf): b at depth times - 1, each wi*xi at times - 2 (wi and xi one multiple, the product's), each
    at depth 2 or more, and the depths those of the leaves of one binary tree (the sum of 2 ** -(depth - 1) over its
    leaves is 1; a leaf not seen, a zero's, fills the rest with one power of 2 each)."""
    from fractions import Fraction

    depths, unseen = [], 1  # `sum()`'s start, 0, is a leaf no gradient shows
    for leaves, less in ((("b",), 1), (("w1", "x1"), 2), (("w2", "x2"), 2)):
        seen = {times[leaf] for leaf in leaves if leaf in times}
        if len(seen) > 1:
            return False
        unseen += not seen
        depths += [m - less for m in seen]
    rest = 1 - sum(Fraction(1, 2 ** (d - 1)) for d in depths if d >= 2)
    return all(d >= 2 for d in depths) and rest >= 0 and bin(rest.numerator).count("1") <= unseen


DOUBLED_BY = "relu/positive"  # the test that charges a backward run twice; the later gradient tests excuse it


def _runs(observe, torch_expect, probe, twin) -> int | None:
    """How many times neuron_gradients calls backward() at PROBE's points (each_backward_fresh's counts), where every
    call calls it the same number of times, 2 or more, and with each run starting from the gradients the first
    started from it returns PyTorch's gradients (TWIN's): then the repeated runs are its whole mistake, on whatever
    graph the activation is built as, whatever it clears between them. Else None: a
    second mistake beside the runs (a wrong tanh, a sign) is charged as any other (session 41: before, three runs or
    more excused whatever multiples had the right zeros, and a run twice only for tanh went unnamed)."""
    once = _read(observe, p.each_backward_fresh)
    got = once.get(probe.__name__) if isinstance(once, dict) else None
    if not isinstance(got, dict):
        return None
    counts = got.get("backward() calls")
    if not isinstance(counts, list) or not counts or any(isinstance(c, bool) or not isinstance(c, (int, float))
                                                          for c in counts):
        return None
    if len(set(counts)) != 1 or not 2 <= counts[0] < 2 ** 31:
        return None
    return int(counts[0]) if _right({k: v for k, v in got.items() if k != "backward() calls"},
                                    torch_expect(twin)) else None


def _read(observe, probe):
    """`observed_or_none`, and None too where the observation is not what the probe makes (forged: a test that
    reads it only to say or excuse does not fail on it)."""
    try:
        return observed_or_none(observe, probe)
    except Mismatch:
        return None


def _against_pytorch(observe, torch_expect, probe, twin, *, charged_by=None):
    """The probe's five gradients against PyTorch's. Where they are what two backward() passes give (`_passes`), the
    message says so; and where `charged_by` (the charging test's probe and twin) is so too, the test is Excused:
    the mistake is one, charged once, by relu/positive. Where neuron_gradients calls backward() more than once and
    is right with the first run only (`_runs`), that is said and, the charging test wrong the same way, excused."""
    got, want = observe(probe), torch_expect(twin)
    # read on every run, right or wrong, so that every engine's test reads the same probes
    charging = (observed_or_none(observe, charged_by[0]), torch_expect(charged_by[1])) if charged_by else None
    runs = _runs(observe, torch_expect, probe, twin)
    charging_runs = _runs(observe, torch_expect, *charged_by) if charged_by else None
    if charging is not None and _passes(got, want) is not None and _passes(got, want) == _passes(*charging):
        raise Excused(msg("Not charged again: every gradient is a whole multiple of PyTorch's, as when backward() "
                          "runs twice, which {test} already charges.", test=DOUBLED_BY))
    if runs is not None and charging_runs is not None and not _right(*charging):
        raise Excused(msg("Not charged again: neuron_gradients calls backward() {runs} times, and each run adds to "
                          "the gradients the runs before left, which {test} already charges.", runs=runs,
                          test=DOUBLED_BY))
    try:
        assert_values(got, want, what=msg("{expression}, against PyTorch", expression=expression_of(probe)))
    except Mismatch as mismatch:
        passes, message = _passes(got, want), mismatch.message or str(mismatch)
        if passes is None and runs is not None:
            raise Mismatch(msg("{message}. neuron_gradients calls backward() {runs} times: each run adds to the "
                               "gradients the runs before left in every node, and the last one alone, on fresh "
                               "gradients, gives PyTorch's. Call y.backward() once, on fresh leaves, and read the five gradients after "
                               "it.", message=message, runs=runs)) from None
        if passes is None:
            raise
        if passes == "two graphs":
            raise Mismatch(msg("{message}. Every gradient is exactly twice PyTorch's, as when two backward() passes add "
                               "into the same five leaves (a second graph built on them, run backward() too). Call "
                               "y.backward() once, on fresh leaves, and read the five gradients after it.",
                               message=message)) from None
        raise Mismatch(msg("{message}. Every gradient is a whole multiple (2 or more) of PyTorch's, as when "
                           "backward() runs twice from y: the second run adds to the gradients the first left in every "
                           "node, y's inputs twice, theirs three times, and so on down to the leaves. Call "
                           "y.backward() once, on fresh leaves, and read the five gradients after it.",
                           message=message)) from None


def _right(got, want) -> bool:
    """Whether the charging test's gradients GOT equal PyTorch's WANT (it passed: nothing to excuse against)."""
    if not isinstance(got, dict):
        return False
    try:
        assert_values(got, want)
    except Mismatch:
        return False
    return True


@points(2, concept="neuron", name="relu/positive")
def test_relu_positive(observe, torch_expect):
    """all five gradients of a relu neuron whose input is positive equal PyTorch's"""
    _against_pytorch(observe, torch_expect, p.neuron_relu_positive, p.torch_neuron_relu_positive)


@points(2, concept="neuron", name="relu/zero-input")
def test_relu_zero(observe, torch_expect):
    """where the relu input is exactly 0, every gradient is 0, as in PyTorch (relu'(0) = 0)"""
    _against_pytorch(observe, torch_expect, p.neuron_relu_zero, p.torch_neuron_relu_zero)


@points(1, concept="neuron", name="relu/negative", visibility="hidden")
def test_relu_negative(observe, torch_expect):
    """where the relu input is negative, every gradient is 0"""
    _against_pytorch(observe, torch_expect, p.neuron_relu_negative, p.torch_neuron_relu_negative)


@points(1, concept="neuron", name="relu/more-points", visibility="hidden")
def test_relu_more(observe, torch_expect):
    """three more relu neurons: negative weights, int data, zero inputs"""
    _against_pytorch(observe, torch_expect, p.relu_more, p.torch_relu_more,
                     charged_by=(p.neuron_relu_positive, p.torch_neuron_relu_positive))


@points(2, concept="neuron", name="tanh/points")
def test_tanh_points(observe, torch_expect):
    """with tanh in place of relu, all five gradients at two points equal PyTorch's"""
    _against_pytorch(observe, torch_expect, p.tanh_points, p.torch_tanh_points,
                     charged_by=(p.neuron_relu_positive, p.torch_neuron_relu_positive))


# -- built from the student's own Values --------------------------------------------------------------


@points(2, concept="neuron", name="graph/own-values")
def test_own_values(observe, expect):
    """neuron() builds y from the engine's Values, and backward() from y reaches all five leaves"""
    got = observe(p.own_values)
    for key, kind in got.items():
        if key.endswith(" is a Value") and kind != "Value":
            what = key[: -len(" is a Value")]
            raise Mismatch(msg("{expression}: {what} is a {kind}, not a Value of engine.py. Build the neuron from "
                               "the engine's Value, so that backward() can reach every leaf.",
                               expression=expression_of(p.own_values), what=what, kind=kind))
    check(observe, expect, p.own_values)


@points(1, concept="neuron", name="graph/backward", visibility="hidden")
def test_uses_backward(observe):
    """neuron_gradients gets its gradients from the engine's backward(), not from formulas written out"""
    calls = observe(p.uses_backward)["backward() calls"]
    if calls < 1:
        raise Mismatch(msg("{expression}: backward() was never called. The point of the exercise is that one "
                           "backward() pass gives all five gradients; read them off the leaves' .grad.",
                           expression=expression_of(p.uses_backward)))


# -- the comparison function --------------------------------------------------------------------------


@points(1, concept="comparison", name="compare/equal")
def test_compare_equal(observe):
    """largest_relative_difference is 0 for two equal sets of gradients, zeros included"""
    got = dict(observe(p.compare_equal))
    differing = got.pop("differing")
    for case, value in got.items():
        if value != 0:
            raise Mismatch(msg("largest_relative_difference {case}: expected 0, got {got}", case=EQUAL_SETS[case],
                               got=fmt(value)))
    if not differing > 0:
        # beside the equal sets, two that differ (drawn in the probe): 0 there too is no comparison (session 27:
        # a function that always returns 0 passed)
        raise Mismatch(msg("largest_relative_difference for two sets of gradients that differ in every name: "
                           "expected more than 0, got {got}; it should compare the two sets it is given",
                           got=fmt(differing)))


def _reported(value, grads, reference, case):
    low = max(abs(g - r) / max(abs(g), abs(r)) for g, r in zip(grads, reference))
    high = max(abs(g - r) / min(abs(g), abs(r)) for g, r in zip(grads, reference))
    if not low * (1 - ROUNDING) <= value <= high * (1 + ROUNDING):
        raise Mismatch(msg("largest_relative_difference {case}: expected {expected} (the largest |g - r| / "
                           "max(|g|, |r|) over the five gradients), got {got}", case=case, expected=fmt(low),
                           got=fmt(value)))


# compare_planted's cases: the gradients that differ, (theirs, the reference's); the other names are equal
PLANTED = {"0.1% on w1": ([2.002], [2.0]), "0.1% on w1, sets swapped": ([2.0], [2.002]),
           "10% on b, 5% on x1": ([0.55, -1.575], [0.5, -1.5]), "10% on w1, 5% on b": ([2.2, 0.525], [2.0, 0.5]),
           "10% on x1 (negative), 5% on b": ([-1.65, 0.525], [-1.5, 0.5])}
NAMES = 5  # the gradients compared: x1, x2, w1, w2, b


def _averages(planted):
    """Whether compare_planted's observation is, in every case, the mean of the five relative differences (a sum
    divided by five), not the largest: compare/planted charges that, and compare/zero-against-nonzero, whose one
    difference of 1 averages to 0.2, does not charge it again."""
    return planted is not None and all(
        isinstance(planted.get(case), float)
        and abs(planted[case] - sum(abs(g - r) / max(abs(g), abs(r)) for g, r in zip(*pair)) / NAMES)
        <= ROUNDING * planted[case] for case, pair in PLANTED.items())


@points(2, concept="comparison", name="compare/planted")
def test_compare_planted(observe):
    """largest_relative_difference reports a planted difference, and the largest of two"""
    got = observe(p.compare_planted)
    _reported(got["0.1% on w1"], [2.002], [2.0],
              msg("with {node} = {value} against {reference} ({share})", node="dy/dw1", value="2.002", reference="2",
                  share="0.1%"))
    _reported(got["0.1% on w1, sets swapped"], [2.0], [2.002],
              msg("with {node} = {value} against {reference}", node="dy/dw1", value="2", reference="2.002"))
    _reported(got["10% on b, 5% on x1"], [0.55, -1.575], [0.5, -1.5],
              msg("with {node} = {value} against {reference} ({share}) and {node2} = {value2} against {reference2} "
                  "({share2})", node="dy/db", value="0.55", reference="0.5", share="10%", node2="dy/dx1",
                  value2="-1.575", reference2="-1.5", share2="5%"))
    # the largest in the middle of the five, the last one smaller: the largest, not the last (nor the first) one
    _reported(got["10% on w1, 5% on b"], [2.2, 0.525], [2.0, 0.5],
              msg("with {node} = {value} against {reference} ({share}) and {node2} = {value2} against {reference2} "
                  "({share2})", node="dy/dw1", value="2.2", reference="2", share="10%", node2="dy/db",
                  value2="0.525", reference2="0.5", share2="5%"))
    # the largest on two negative gradients: |g - r| over max(|g|, |r|), not over max(g, r), which is negative there
    # (strangersx38: `max(g, r)` passed every other case)
    _reported(got["10% on x1 (negative), 5% on b"], [-1.65, 0.525], [-1.5, 0.5],
              msg("with {node} = {value} against {reference} ({share}) and {node2} = {value2} against {reference2} "
                  "({share2})", node="dy/dx1", value="-1.65", reference="-1.5", share="10%", node2="dy/db",
                  value2="0.525", reference2="0.5", share2="5%"))


@points(1, concept="comparison", name="compare/zero-against-nonzero", visibility="hidden")
def test_compare_zero_against_nonzero(observe):
    """a gradient of 0 against one of 0.001 is a difference of 100%, whichever side the 0 is on"""
    got = observe(p.compare_zero_against_nonzero)
    if _averages(observed_or_none(observe, p.compare_planted)) and all(
            abs(value - 1 / NAMES) <= ROUNDING for value in got.values()):
        raise Excused(msg("Not charged again: largest_relative_difference takes the mean of the differences, not the "
                          "largest, which {test} already charges.", test="compare/planted"))
    for case, value in got.items():
        if value < 1 - ROUNDING:
            raise Mismatch(msg("largest_relative_difference for dy/db = {values}: expected 1 (0 and 0.001 differ by "
                               "all of the larger one), got {got}", values=ONE_ZERO[case], got=fmt(value)))
