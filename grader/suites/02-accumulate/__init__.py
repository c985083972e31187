"""02-accumulate: repair backward rules that assign with `=` instead of adding with `+=`."""

from grader.judge import suite_probes
from grader.judge.charging import OwnTests

TITLE = "Gradients add up: `+=` in every backward rule"
MODULE = "engine"
FILES = ("engine.py",)

p = suite_probes(__file__)

# Each mistake costs once (grader/judge/charging.py): `a * a` (one node on both sides of `*`) is shared/a*a's to
# charge, so a `*` rule right everywhere else (one that reads both gradients before writing either keeps one of a's
# two paths) is not charged again by every test whose expression squares a node. The core, never excused: `+` onto a
# node used twice and onto a gradient already held, `*` adding onto its operands' gradients (a * b + a * c + b * c),
# and a diamond. Only a rule wrong in numbers is excused (excuse_missing=False: the starter assigns, and stays 0/18).
OWN = OwnTests({"mul-same": [("shared/a*a", [p.shared_mul_by_hand])]},
               core=[p.shared_add_by_hand, p.add_onto_held, p.shared_products, p.diamond_by_hand], excuse_missing=False)
