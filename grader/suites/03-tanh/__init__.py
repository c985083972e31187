"""03-tanh: tanh and its backward rule."""

from grader.judge import suite_probes
from grader.judge.charging import OwnTests

TITLE = "tanh and its backward rule"
MODULE = "engine"
FILES = ("engine.py",)

p = suite_probes(__file__)

# Each mistake costs once (grader/judge/charging.py), as in the engine suite and 04-more-ops: tanh's own tests
# (tanh/*, saturation/*) charge for it, each with the probes it reads; a whole graph (graph/*) is not charged again
# for a tanh they charge. The core: `+`, `*`, shared nodes and the walk, which the exercise gives; only a tanh wrong in
# numbers is excused (excuse_missing=False: the starter's tanh raises, and the untouched starter stays 0/17).
OWN = OwnTests({
    "tanh": [("tanh/zero", [p.tanh_zero]), ("tanh/two", [p.tanh_two, p.tanh_inner]), ("tanh/negative", [p.tanh_negative]),
             ("tanh/int-data", [p.tanh_int]), ("saturation/five", [p.tanh_saturated]),
             ("saturation/minus-eight", [p.tanh_saturated_negative]),
             ("saturation/large-input", [p.tanh_large, p.tanh_large_negative])],
}, core=[p.shared_mul, p.diamond, p.shared_intermediate, p.seed_gradient, p.order_deep], excuse_missing=False)
