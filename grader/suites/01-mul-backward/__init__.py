"""01-mul-backward: the backward rule of multiplication; everything else is given."""

TITLE = "The backward rule of multiplication"
MODULE = "engine"
FILES = ("engine.py",)
# An engine built from scratch: these cannot be imported in the sandbox.
FORBID = ("torch", "numpy", "micrograd", "jax", "tensorflow", "reference", "grader")
