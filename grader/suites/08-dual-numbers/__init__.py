"""08-dual-numbers: forward-mode differentiation with a `Dual` class."""

TITLE = "Forward mode: dual numbers"
MODULE = "engine"  # the worker imports engine.py; probes reach dual.py through the modules
FILES = ("engine.py", "dual.py")
# The engine's bug variants cannot explain mistakes in this exercise's own code.
DIAGNOSE = False
