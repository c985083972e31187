"""Hidden tests of the complete engine, part two: whole expressions, against PyTorch, the student's own
central differences and random graphs (each op, shared nodes and the walk: test_engine.py).

Every test checks its probes through the suite's `OWN.check` (its __init__.py), so a mistake that a test of
test_engine.py charges for costs nothing here, and a test of several expressions earns its points in
proportion to those it gets right.
"""

from grader.i18n import msg
from grader.judge import assert_values, check_numeric, expression_of, points, suite_config, suite_probes

p = suite_probes(__file__)
OWN = suite_config(__file__).OWN


# -- published checks, against PyTorch ----------------------------------------------------


@points(2, concept="chain-rule", name="micrograd/sanity-check")
def test_micrograd_sanity(observe, expect, torch_expect):
    """micrograd's sanity check, against PyTorch"""
    OWN.check(observe, expect, [p.micrograd_sanity], against=torch_expect)


@points(2, concept="chain-rule", name="micrograd/more-ops")
def test_micrograd_more_ops(observe, expect, torch_expect):
    """micrograd's "more ops" check, against PyTorch (1e-6, as micrograd)"""
    OWN.check(observe, expect, [p.micrograd_more_ops], against=torch_expect, rel=1e-6, abs_=1e-6)


@points(2, concept="chain-rule", name="neuron/relu")
def test_neuron(observe, expect, torch_expect):
    """one relu neuron: all five gradients against PyTorch"""
    OWN.check(observe, expect, [p.neuron], against=torch_expect)


@points(1, concept="chain-rule", name="neuron/tanh")
def test_tanh_neuron(observe, expect, torch_expect):
    """one tanh neuron, against PyTorch"""
    OWN.check(observe, expect, [p.tanh_neuron], against=torch_expect)


@points(1, concept="chain-rule", name="loss/squared-error")
def test_squared_error(observe, expect, torch_expect):
    """a squared-error loss through tanh, against PyTorch"""
    OWN.check(observe, expect, [p.squared_error], against=torch_expect)


@points(1, concept="chain-rule", name="loss/softplus")
def test_softplus(observe, expect, torch_expect):
    """log(1 + exp(a)) / (b*b + 1) - a / 3, against PyTorch"""
    OWN.check(observe, expect, [p.softplus_mix], against=torch_expect)


# -- the student's own forward pass, differentiated numerically -----------------------------


@points(1, concept="gradcheck", name="gradcheck/tanh-mix")
def test_numeric_tanh_mix(observe, expect):
    """backward() agrees with central differences of your own forward pass"""
    OWN.check(observe, expect, [p.numeric_tanh_mix], verdict=check_numeric)


@points(1, concept="gradcheck", name="gradcheck/rational")
def test_numeric_rational(observe, expect):
    """the same for a rational function"""
    OWN.check(observe, expect, [p.numeric_rational], verdict=check_numeric)


@points(1, concept="gradcheck", name="gradcheck/exp-log")
def test_numeric_exp_log(observe, expect):
    """the same with exp, log and a fractional power"""
    OWN.check(observe, expect, [p.numeric_exp_log], verdict=check_numeric)


@points(1, concept="gradcheck", name="gradcheck/relu-sum")
def test_numeric_relu_sum(observe, expect):
    """the same with relu"""
    OWN.check(observe, expect, [p.numeric_relu_sum], verdict=check_numeric)


# -- random expression graphs ------------------------------------------------------------

RANDOM = p.RANDOM_GRAPHS


def _graph_verdict(observe, want_of, probe):
    want = want_of(probe)
    keys = [k for k in want if k != "expr"]
    assert_values(observe(probe), want, keys=keys,
                  what=msg("{graph} ({expr})", graph=expression_of(probe), expr=want["expr"]))


@points(2, concept="random-graphs", name="random/reference-1-8")
def test_random_graphs_reference(observe, expect):
    """eight random expression graphs, every node's gradient against the reference"""
    OWN.check(observe, expect, RANDOM[:8], verdict=_graph_verdict, unit="graph")


@points(2, concept="random-graphs", name="random/torch-9-16")
def test_random_graphs_torch(observe, expect, torch_expect):
    """eight more random expression graphs, against PyTorch"""
    OWN.check(observe, expect, RANDOM[8:], against=torch_expect, verdict=_graph_verdict, unit="graph")
