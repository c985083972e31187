"""Hidden tests of 03-tanh: every test with points calls the student's tanh().

Each mistake costs once (grader/judge/charging.py): every test checks its probes through the suite's `OWN.check`
(its __init__.py), so a whole graph (graph/*) is not charged again for a tanh that tanh's own tests already charged.
"""

from grader.i18n import msg, place
from grader.judge import (
    check_numeric, expression_of, from_scratch_test, import_test, location_suffix, Mismatch, points, suite_config,
    suite_probes,
)

p = suite_probes(__file__)
OWN = suite_config(__file__).OWN  # which tests charge for tanh: the suite's __init__.py


def check(observe, expect, *probes, owns=()):
    """The student's observations of each probe equal the reference's, a tanh already charged not charged again."""
    OWN.check(observe, expect, probes, owns=owns)


test_imports = import_test(__file__)
test_from_scratch = from_scratch_test(__file__)


# -- values and the local derivative ----------------------------------------------------------


@points(2, concept="tanh", name="tanh/zero")
def test_tanh_zero(observe, expect):
    """tanh(0) = 0 and tanh'(0) = 1"""
    check(observe, expect, p.tanh_zero, owns=("tanh",))


@points(2, concept="tanh", name="tanh/two")
def test_tanh_two(observe, expect):
    """tanh'(2) ≈ 0.0707: 1 - t**2 with t the output"""
    check(observe, expect, p.tanh_two, p.tanh_inner, owns=("tanh",))


@points(1, concept="tanh", name="tanh/negative")
def test_tanh_negative(observe, expect):
    """tanh at a negative input, inside a product"""
    check(observe, expect, p.tanh_negative, owns=("tanh",))


@points(1, concept="tanh", name="tanh/int-data", visibility="hidden")
def test_tanh_int(observe, expect):
    """Value(1).tanh() with int data"""
    check(observe, expect, p.tanh_int, owns=("tanh",))


# -- saturation ------------------------------------------------------------------------------


@points(1, concept="tanh", name="saturation/five")
def test_tanh_saturated(observe, expect):
    """tanh near saturation: a small, non-zero gradient"""
    check(observe, expect, p.tanh_saturated, owns=("tanh",))


@points(1, concept="tanh", name="saturation/minus-eight", visibility="hidden")
def test_tanh_saturated_negative(observe, expect):
    """tanh near -1: a tiny gradient of the right sign"""
    check(observe, expect, p.tanh_saturated_negative, owns=("tanh",))


@points(1, concept="tanh", name="saturation/large-input")
def test_tanh_large(observe, expect, run):
    """tanh(400) = 1 with gradient 0, without overflowing"""
    obs = run["probes"].get(p.tanh_large.__name__, {})
    if obs.get("status") == "error" and obs.get("exception") == "OverflowError":
        # Not only (exp(2x) - 1) / (exp(2x) + 1) overflows here: so does a derivative taken as
        # 1 / cosh(x)**2 after a right math.tanh. The message names the line, not a formula it cannot see.
        where = {k: v for k, v in (obs.get("where") or {}).items() if k != "function"}  # the place, as location_suffix
        said = place(where) if location_suffix(obs, obs.get("where")) else None
        why = msg("A float overflows past about 1e308: exp(2x) does for x above about 355, and so does "
                  "cosh(x)**2. Use math.tanh, or exp(-2|x|), which stays between 0 and 1, and take the local "
                  "derivative from the output: 1 - t**2.")
        if said is None:
            words = msg("{expression}: your tanh raised {error}. {why}", expression=expression_of(p.tanh_large),
                        error=obs["error"], why=why)
        else:
            words = msg("{expression}: your tanh raised {error} ({place}). {why}",
                        expression=expression_of(p.tanh_large), error=obs["error"], place=said, why=why)
        raise Mismatch(words, where=obs.get("where"))
    check(observe, expect, p.tanh_large, p.tanh_large_negative, owns=("tanh",))


# -- inside larger graphs ----------------------------------------------------------------------


@points(2, concept="chain-rule", name="graph/neuron", visibility="hidden")
def test_tanh_neuron(observe, expect, torch_expect):
    """one tanh neuron: all five gradients against PyTorch"""
    OWN.check(observe, expect, [p.tanh_neuron_with_n], against=torch_expect)


@points(1, concept="chain-rule", name="graph/tanh-of-tanh", visibility="hidden")
def test_tanh_of_tanh(observe, expect):
    """tanh applied to a tanh: the rule multiplies by out.grad"""
    check(observe, expect, p.tanh_of_tanh)


@points(1, concept="accumulate", name="graph/shared-tanh", visibility="hidden")
def test_tanh_shared(observe, expect):
    """a tanh node used twice"""
    check(observe, expect, p.tanh_shared)


@points(1, concept="chain-rule", name="graph/loss", visibility="hidden")
def test_tanh_loss(observe, expect, torch_expect):
    """a squared-error loss through tanh, against PyTorch"""
    OWN.check(observe, expect, [p.tanh_loss], against=torch_expect)


@points(1, concept="chain-rule", name="graph/three-tanhs", visibility="hidden")
def test_tanh_layer(observe, expect, torch_expect):
    """three tanh nodes fed by +, * and constants, against PyTorch"""
    OWN.check(observe, expect, [p.tanh_layer], against=torch_expect)


@points(1, concept="gradcheck", name="graph/numeric")
def test_numeric_tanh(observe, expect):
    """backward() agrees with central differences of your own forward pass"""
    OWN.check(observe, expect, [p.numeric_tanh], verdict=check_numeric)
