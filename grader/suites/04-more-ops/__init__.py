"""04-more-ops: exp, log and ** with their backward rules; -, / and the reflected forms built on them."""

TITLE = "exp, log, powers, and the operations built on them"
MODULE = "engine"
FILES = ("engine.py",)
