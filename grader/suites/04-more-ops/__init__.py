"""04-more-ops: exp, log and ** with their backward rules; -, / and the reflected forms built on them."""

from grader.judge import suite_probes
from grader.judge.charging import OwnTests

TITLE = "exp, log, powers, and the operations built on them"
MODULE = "engine"
FILES = ("engine.py",)

p = suite_probes(__file__)

# Each mistake costs once (grader/judge/charging.py), as in the engine suite: op -> the tests that charge for it,
# with the probes that isolate it; the whole expressions (together/*) and the ops built on others (`a / b` on `**`)
# are not charged again for an op its own test charges. The core: `+`, `*`, shared nodes and the walk, which the
# exercise gives (session 25: an exp whose local derivative is its input cost 7 of 30, its three tests and three
# whole expressions; now 4).
OWN = OwnTests({
    "pow": [("pow/cube", [p.pow_cube, p.pow_square, p.pow_cube_inner])],
    "pow-other": [("pow/fractional", [p.pow_fractional, p.pow_inner, p.pow_negative_exponent])],
    "exp": [("exp/values", [p.exp_values]), ("exp/negative", [p.exp_negative, p.exp_inner]), ("exp/zero", [p.exp_zero])],
    "log": [("log/values", [p.log_values]), ("log/one", [p.log_one]), ("log/small", [p.log_small, p.log_inner])],
    "neg": [("neg/values", [p.neg_value])],
    "sub": [("sub/values", [p.sub_values])],
    "sub-constant": [("sub/constant", [p.sub_constant])],
    "rsub": [("sub/constant", [p.sub_constant])],
    "div": [("div/values", [p.div_values])],
    "div-constant": [("div/constant", [p.div_constant])],
    "rtruediv": [("div/constant", [p.div_constant])],
}, core=[p.shared_mul, p.diamond, p.shared_intermediate, p.seed_gradient, p.order_deep], composition=p.composition,
    excuse_missing=False)  # the core is the exercise's own: an op not written yet is charged wherever it is needed
