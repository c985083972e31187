"""The complete engine: every row of the contract's engine API (§2)."""

from grader.judge import suite_probes
from grader.judge.charging import OwnTests

TITLE = "The complete engine"
MODULE = "engine"
FILES = ("engine.py",)
# The grade of record observes every probe a test reads at inputs drawn from the instructor's secret too
# (grader/judge/drawn.py): the reference's values at the fixed inputs ship in the student's wheel.
DRAW_INPUTS = True

p = suite_probes(__file__)

# Each op far from 0, one expression with its op's fixed probe (a tuple in test_engine.py's OWN.check, session 35):
# {the far probe: the fixed one}. The far one is not run once the fixed one crashed its worker or timed out
# (grader/observe/paired.py): the test is lost there, and one more crash would spend a restart other probes need.
PAIRED = {"pow_large": "pow_cube", "tanh_saturated_negative": "tanh_saturated", "exp_large": "exp_values",
          "exp_large_negative": "exp_negative", "log_large": "log_values"}

# Each mistake costs once (grader/judge/charging.py), across both test files (test_engine.py, the ops and the
# walk; test_engine_expressions.py, whole expressions), which check their probes through OWN.check.
# op -> the tests that charge for it, each with the probes that isolate the op (a probe that also builds on
# another op that can fail alone, like `a.tanh() * a` on accumulation in `*`, is left out)
OWN = OwnTests({
    "add-constant": [("add/constant", [p.add_constant])],
    "radd": [("add/constant", [p.add_constant])],
    "mul-constant": [("mul/constant", [p.mul_constant])],
    "rmul": [("mul/constant", [p.mul_constant])],
    "sub": [("sub/values", [p.sub_values])],
    "sub-constant": [("sub/constant", [p.sub_constant])],
    "rsub": [("sub/constant", [p.sub_constant])],
    "div": [("div/values", [p.div_values])],
    "div-constant": [("div/constant", [p.div_constant])],
    "rtruediv": [("div/constant", [p.div_constant])],
    "neg": [("neg/values", [p.neg_value])],
    "pow": [("pow/cube", [p.pow_cube, p.pow_square, p.pow_negative_base, p.pow_large])],
    "pow-other": [("pow/fractional", [p.pow_fractional, p.pow_inner, p.pow_negative_exponent])],
    # relu_shared_input builds on `*` accumulating, a core op: with the core wrong, nothing is excused anyway
    "relu": [("relu/positive", [p.relu_positive, p.relu_inner, p.relu_shared_input]),
             ("relu/negative", [p.relu_negative]), ("relu/zero", [p.relu_zero])],
    "tanh": [("tanh/zero", [p.tanh_zero]), ("tanh/two", [p.tanh_two, p.tanh_inner]), ("tanh/negative", [p.tanh_negative]),
             ("tanh/saturated", [p.tanh_saturated, p.tanh_saturated_negative])],
    "exp": [("exp/values", [p.exp_values, p.exp_large]), ("exp/negative", [p.exp_negative, p.exp_inner, p.exp_large_negative])],
    "log": [("log/values", [p.log_values, p.log_large]), ("log/small", [p.log_small, p.log_inner])],
}, core=[p.add_values, p.mul_values, p.mul_chain, p.int_data, p.shared_mul, p.shared_add, p.shared_three_paths,
         p.shared_intermediate, p.seed_gradient],
         composition=p.composition)

