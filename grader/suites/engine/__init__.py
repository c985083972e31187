"""The complete engine: every row of the contract's engine API (§2)."""

TITLE = "The complete engine"
MODULE = "engine"
FILES = ("engine.py",)
