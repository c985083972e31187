"""05-backward: backward() itself: topological order, the seed, each node once."""

TITLE = "backward(): topological order, the seed, each node once"
MODULE = "engine"
FILES = ("engine.py",)
# An engine built from scratch: these cannot be imported in the sandbox.
FORBID = ("torch", "numpy", "micrograd", "jax", "tensorflow", "reference", "grader")
