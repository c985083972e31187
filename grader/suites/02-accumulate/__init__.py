"""02-accumulate: repair backward rules that assign with `=` instead of adding with `+=`."""

TITLE = "Gradients add up: `+=` in every backward rule"
MODULE = "engine"
FILES = ("engine.py",)
# An engine built from scratch: these cannot be imported in the sandbox.
FORBID = ("torch", "numpy", "micrograd", "jax", "tensorflow", "reference", "grader")
