"""08-dual-numbers: forward-mode differentiation with a `Dual` class."""

from grader.judge import suite_probes
from grader.judge.charging import OwnTests

TITLE = "Forward mode: dual numbers"
MODULE = "engine"  # the worker imports engine.py; probes reach dual.py through the modules
FILES = ("engine.py", "dual.py")
# The engine's bug variants cannot explain mistakes in this exercise's own code.
DIAGNOSE = False

p = suite_probes(__file__)

# Each mistake costs once (grader/judge/charging.py): op -> the rule test that charges for it, with the probe
# that isolates it. A whole expression whose only wrong op already failed its rule test is not charged again;
# the ops an expression uses are traced on the reference's Value and Dual (probes marked `traces_ops`). The
# core, `+` and `*` of two Duals (rule/product), is never excused: every expression is built on it.
OWN = OwnTests({
    "add-constant": [("rule/constants", [p.constants])], "radd": [("rule/constants", [p.constants])],
    "mul-constant": [("rule/constants", [p.constants])], "rmul": [("rule/constants", [p.constants])],
    "neg": [("rule/sub-neg", [p.sub_neg])], "sub": [("rule/sub-neg", [p.sub_neg])],
    "sub-constant": [("rule/sub-neg", [p.sub_neg])], "rsub": [("rule/sub-neg", [p.sub_neg])],
    "div": [("rule/quotient", [p.division])], "div-constant": [("rule/quotient", [p.division])],
    "rtruediv": [("rule/quotient", [p.division])],
    "pow": [("rule/powers", [p.powers])], "pow-other": [("rule/powers", [p.powers])],
    "exp": [("rule/exp-log", [p.exp_log])], "log": [("rule/exp-log", [p.exp_log])],
    "tanh": [("rule/tanh", [p.dual_tanh])],
    "relu": [("rule/relu", [p.relu_both_sides, p.dual_relu_negative, p.dual_relu_zero])],
}, core=[p.add_mul], composition=p.dual_composition)
