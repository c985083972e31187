"""01-mul-backward: the backward rule of multiplication; + and relu are given, backward() is not yet (05)."""

from grader.judge import suite_probes
from grader.judge.charging import OwnTests

TITLE = "The backward rule of multiplication"
MODULE = "engine"
FILES = ("engine.py",)

p = suite_probes(__file__)

# Each mistake costs once (grader/judge/charging.py): every test is about `*`, and a `*` rule right on whole numbers
# only (an operand truncated to an int) is mul/fractions' to charge; a test whose expression multiplies a fraction
# is not charged again for it. The core, never excused: `*` of whole numbers, alone and chained (a rule that leaves
# out out.grad), with int data. Only a rule wrong in numbers is excused (excuse_missing=False: the starter's rule
# raises, and the untouched starter stays 0/14).
OWN = OwnTests({"mul-fraction": [("mul/fractions", [p.mul_fractions])]},
               core=[p.mul_values_by_hand, p.mul_chain_whole, p.mul_int_data], excuse_missing=False)
