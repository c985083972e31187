"""The complete engine: every row of the contract's engine API (§2)."""

TITLE = "The complete engine"
MODULE = "engine"
FILES = ("engine.py",)
# An engine built from scratch: these cannot be imported in the sandbox.
FORBID = ("torch", "numpy", "micrograd", "jax", "tensorflow", "reference", "grader")
