"""03-tanh: tanh and its backward rule."""

TITLE = "tanh and its backward rule"
MODULE = "engine"
FILES = ("engine.py",)
# An engine built from scratch: these cannot be imported in the sandbox.
FORBID = ("torch", "numpy", "micrograd", "jax", "tensorflow", "reference", "grader")
