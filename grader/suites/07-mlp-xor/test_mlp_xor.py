"""Hidden tests of 07-mlp-xor: the student's nn.py, its parameters, forward passes and gradients (training:
test_mlp_xor_training.py).

Forward passes and gradients are compared with the reference nn.py on the
same parameters (set by the probe, so the student's way of drawing weights
does not matter).
A mistake another test charges (mistakes.py: a network squashed by tanh at its output, forward/mlp's; each bias
left out of parameters(), parameters/counts'; weights multiplied as numbers, `w.data`, backward/mlp's) is not
charged again where the numbers are the mistaken reference's (grader/judge/named_mistakes.py).
"""

import math
from pathlib import Path

from grader.distribution import instructor_part_installed
from grader.i18n import msg, nmsg
from grader.judge import (
    assert_values, close, expression_of, fmt, from_scratch_test, import_test, Mismatch, observed_or_none, points,
    StudentError, suite_config, suite_probes,
)
from grader.judge.charging import Excused
from grader.judge.named_mistakes import charged_once
from grader.suites import suite_module

p = suite_probes(__file__)
_settings = suite_config(__file__)  # what both test files read: the suite's __init__.py
COUNTS, REPEATED, USED_UP = _settings.COUNTS, _settings.REPEATED, _settings.USED_UP
# the catalogue of mistaken networks is the instructor's (it patches the reference): a student's install checks the
# same numbers and excuses nothing
mistakes = suite_module(Path(__file__).parent, "mistakes") if instructor_part_installed() else None
# each test that charges a mistake of mistakes.py: its probe
CHARGING = {"forward/mlp": p.mlp_forward_uniform, "parameters/counts": p.parameter_counts,
            "backward/mlp": p.mlp_backward, "train/course-loop": p.course_loop_seed_0}

test_imports = import_test(__file__)
test_from_scratch = from_scratch_test(__file__)


# -- parameters ------------------------------------------------------------------------------------


@points(2, concept="mlp", name="parameters/counts")
def test_parameter_counts(observe):
    """parameters() lists every weight and bias once: 4, 8, 17 and 41"""
    got = observe(p.parameter_counts)
    for net, count in COUNTS.items():
        if got[net] != count:
            raise Mismatch(nmsg("{net}.parameters() has {n} entry, expected {count} (each neuron: one weight per "
                                "input, and a bias)",
                                "{net}.parameters() has {n} entries, expected {count} (each neuron: one weight per "
                                "input, and a bias)", "n", net=net, n=int(got[net]), count=count))
        if got[f"{net} distinct"] != count:
            # session 27: the count right, the Values fewer: before, that alone, and "leaves out 9 of its 17" in
            # the training tests, for a Layer of `[Neuron(nin)] * nout`
            raise Mismatch(msg("{net}.parameters() lists some parameter more than once ({distinct} distinct of "
                               "{count}). {repeated}", net=net, distinct=f"{got[f'{net} distinct']:g}", count=count,
                               repeated=REPEATED))
        if got[f"{net} Values"] != count:
            raise Mismatch(msg("{net}.parameters() holds something other than Values: every entry should be a "
                               "Value, so that backward() can reach it", net=net))
        if got.get(f"{net} again", count) != count:
            raise Mismatch(msg("{net}.parameters() gives {count} entries on its first call and {again} on the next. "
                               "{used_up}", net=net, count=count, again=int(got[f"{net} again"]), used_up=USED_UP))


def used_up(counts):
    """How many entries a second call of MLP(2, [4, 1]).parameters() gives where the first gave all 17, less than
    17 (parameters/counts' mistake: a generator kept and used up), or None (parameters/counts' probe's reading)."""
    net = "MLP(2, [4, 1])"
    again = counts.get(f"{net} again")
    if counts.get(net) == COUNTS[net] and isinstance(again, (int, float)) and again < COUNTS[net]:
        return int(again)
    return None


@points(2, concept="zero-grad", name="parameters/zero-grad")
def test_zero_grad(observe):
    """zero_grad() sets every parameter's grad back to 0 after a backward pass"""
    counts = observed_or_none(observe, p.parameter_counts) or {}  # read on every run: parameters/counts' probe
    # diag40b: where its numbers are those of a network whose mistake another test charges (a relu on the last
    # layer: the output here is below 0, so no gradient passes and zero_grad() has nothing to clear), it is not
    # charged again; zero_grad() is still read on a Layer and a Neuron by parameters/zero-grad-everywhere
    with charged_once(observe, "parameters/zero-grad", [p.zero_grad], mistakes, CHARGING):
        _zero_grad_cleared(observe(p.zero_grad), counts)


def _zero_grad_cleared(got, counts):
    """parameters/zero-grad's checks of its probe's observation (`counts`: parameters/counts')."""
    if got["sum of |grad| before"] == 0:
        raise Mismatch(msg("{expression}: every gradient was already 0 after backward(), so zero_grad could not be "
                           "checked; the loss should reach the parameters", expression=expression_of(p.zero_grad)))
    nonzero = [g for g in got["grads after"] if g != 0]
    if nonzero and used_up(counts) is not None:
        raise Excused(msg("Not charged again: parameters() gives nothing to clear after its first call, which "
                          "parameters/counts already charges."))
    if [i for i, g in enumerate(got["grads after"]) if g != 0] == p.training._bias_places(2, [3, 1]):
        # session 27: a zero_grad() that clears every neuron's weights and leaves its bias was told the count alone
        raise Mismatch(msg("{expression}: {nonzero} of {total} grads are not 0 after zero_grad(), and they are the "
                           "biases, one per neuron (each neuron's last parameter, in parameters() order): your "
                           "zero_grad() clears the weights and leaves every bias's gradient, which the next "
                           "backward() adds to. Set the grad of every parameter, `for p in self.parameters(): "
                           "p.grad = 0`", expression=expression_of(p.zero_grad), nonzero=len(nonzero),
                           total=len(got["grads after"])))
    if nonzero:
        raise Mismatch(msg("{expression}: {nonzero} of {total} grads are not 0 after zero_grad() (the first is "
                           "{first})", expression=expression_of(p.zero_grad), nonzero=len(nonzero),
                           total=len(got["grads after"]), first=fmt(nonzero[0])))
    if got.get("weights changed"):
        raise Mismatch(msg("{expression}: zero_grad() changed the weights (`data`) of {changed} of {total} "
                           "parameters; it should set only their `grad` to 0", expression=expression_of(p.zero_grad),
                           changed=int(got["weights changed"]), total=len(got["grads after"])))


@points(1, concept="zero-grad", name="parameters/zero-grad-everywhere", visibility="hidden")
def test_zero_grad_layer(observe):
    """zero_grad() works on a Layer and a Neuron too (it belongs to Module)"""
    on_mlp = observed_or_none(observe, p.zero_grad)  # read on every run: parameters/zero-grad's probe
    got = observe(p.zero_grad_layer)
    nonzero = [g for g in got["grads after"] if g != 0]
    if nonzero and on_mlp is not None and any(g != 0 for g in on_mlp["grads after"]):
        # a zero_grad() that clears nothing anywhere: one mistake, charged by parameters/zero-grad
        raise Excused(msg("Not charged again: zero_grad() leaves gradients on the MLP too, which "
                          "parameters/zero-grad already charges."))
    if nonzero:
        raise Mismatch(msg("{expression}: {nonzero} grads are not 0 after zero_grad()",
                           expression=expression_of(p.zero_grad_layer), nonzero=len(nonzero)))


@points(1, concept="mlp", name="parameters/rng", visibility="hidden")
def test_layer_rng(observe, expect):
    """a Layer's neurons start from different weights, drawn from the rng it is given: another seed, another layer"""
    built = observed_or_none(observe, p.parameter_counts)  # read on every run: parameters/counts' probe
    counts = built or {}
    try:
        got = observe(p.layer_rng)
    except StudentError as error:
        if error.exception == "TypeError" and built is not None:  # a Layer that takes no rng at all (the course's
            return  # API, MLP([2, 4, 1], seed=42), whose MLP seeds `random`) and builds without one: no rng to ignore
        if error.exception == "TypeError":
            # a Layer that cannot be built without an rng either: what stops it there, as the other tests that
            # build a network say (session 29: a Neuron raising NotImplementedError earned this test's point)
            observe(p.parameter_counts)
        raise
    try:
        assert_values(got, expect(p.layer_rng), probe=p.layer_rng)
    except Mismatch:
        # a Layer of one neuron repeated (`[Neuron(nin)] * nout`) gives equal outputs: parameters/counts' mistake
        if got.get("rng=Random(1) and rng=Random(2) differ") == 1.0 and counts.get("Layer(3, 2)") == COUNTS[
                "Layer(3, 2)"] and counts.get("Layer(3, 2) distinct", COUNTS["Layer(3, 2)"]) < COUNTS["Layer(3, 2)"]:
            raise Excused(msg("Not charged again: the Layer's neurons are one neuron repeated, which "
                              "parameters/counts already charges.")) from None
        if got.get("rng=Random(1) twice: the same outputs") == 0.0:
            raise Mismatch(msg("Layer(3, 3, rng=random.Random(1)), built twice, gives two different layers: its "
                               "neurons do not draw their weights from the rng they are given (the module's "
                               "`random`, or a generator of their own?). Draw every weight from `rng` when one is "
                               "given, so that the same seed always gives the same network")) from None
        raise


# -- forward passes ---------------------------------------------------------------------------------


@points(2, concept="mlp", name="forward/output-shapes")
def test_output_shapes(observe, expect):
    """a single output is a Value; several outputs are a list of Values"""
    assert_values(observe(p.output_shapes), expect(p.output_shapes), probe=p.output_shapes)


@points(2, concept="mlp", name="forward/neuron")
def test_neuron_forward(observe, expect):
    """a neuron is tanh(w·x + b), and the plain weighted sum with nonlin=False"""
    with charged_once(observe, "forward/neuron", [p.neuron_forward], mistakes, CHARGING):
        _neuron_forward(observe(p.neuron_forward), expect(p.neuron_forward))


def _neuron_forward(got, want):
    linear = "Neuron(2, nonlin=False)(x)"
    if (isinstance(got.get(linear), float) and close(got[linear], math.tanh(want[linear]), rel=1e-9, abs_=1e-12)
            and not close(want[linear], math.tanh(want[linear]), rel=1e-9, abs_=1e-12)):
        # session 26: "expected 0.4, got 0.3799489623" alone, for a neuron whose tanh ignores nonlin
        raise Mismatch(msg("{key} for {expression}: expected {expected}, got {got}, which is tanh({expected}): your "
                           "Neuron applies tanh with nonlin=False too. A neuron with nonlin=False returns the plain "
                           "weighted sum: the MLP's last layer is linear, so that its output can reach -1 and 1 and "
                           "beyond", key=linear, expression=expression_of(p.neuron_forward),
                           expected=fmt(want[linear]), got=fmt(got[linear])))
    assert_values(got, want, probe=p.neuron_forward)


@points(2, concept="mlp", name="forward/mlp")
def test_mlp_forward_uniform(observe, expect):
    """an MLP: tanh in the hidden layers, a linear last layer"""
    with charged_once(observe, "forward/mlp", [p.mlp_forward_uniform], mistakes, CHARGING):
        assert_values(observe(p.mlp_forward_uniform), expect(p.mlp_forward_uniform), probe=p.mlp_forward_uniform)


@points(1, concept="mlp", name="forward/parameter-order", visibility="hidden")
def test_mlp_forward_ordered(observe, expect):
    """parameters() in micrograd's order: layer by layer, neuron by neuron, weights before the bias"""
    with charged_once(observe, "forward/parameter-order", [p.mlp_forward_ordered], mistakes, CHARGING):
        assert_values(observe(p.mlp_forward_ordered), expect(p.mlp_forward_ordered), probe=p.mlp_forward_ordered)


@points(2, concept="mlp", name="backward/mlp", visibility="hidden")
def test_mlp_backward(observe, expect):
    """backward() through an MLP gives every parameter its gradient"""
    with charged_once(observe, "backward/mlp", [p.mlp_backward], mistakes, CHARGING):
        _mlp_backward(observe(p.mlp_backward), expect(p.mlp_backward))


def _mlp_backward(got, want):
    assert_values(got, want, keys=["loss"], probe=p.mlp_backward)
    if len(got["grads"]) != len(want["grads"]):
        raise Mismatch(msg("{expression}: {got} gradients, expected {expected}",
                           expression=expression_of(p.mlp_backward), got=len(got["grads"]), expected=len(want["grads"])))
    # the probe sorts the gradients (an MLP may list its parameters in another order): named as code, the same in
    # every language
    grads = {f"sorted(grads)[{i}]": g for i, g in enumerate(got["grads"])}
    expected = {f"sorted(grads)[{i}]": g for i, g in enumerate(want["grads"])}
    assert_values(grads, expected, probe=p.mlp_backward)
