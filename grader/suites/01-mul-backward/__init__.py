"""01-mul-backward: the backward rule of multiplication; + and relu are given, backward() is not yet (05)."""

TITLE = "The backward rule of multiplication"
MODULE = "engine"
FILES = ("engine.py",)
# An engine built from scratch: these cannot be imported in the sandbox.
FORBID = ("torch", "numpy", "micrograd", "jax", "tensorflow", "reference", "grader")
